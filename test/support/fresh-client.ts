import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * Compiles a client from scratch, as a third party would: its files written to a fresh folder (in
 * node_modules/.cache, so that its imports resolve to this checkout's packages) and type-checked
 * with `strict` (noImplicitAny included). Answers every diagnostic, one line each.
 */
export function compileClient(files: Record<string, string>): string[] {
  const root = join(import.meta.dirname, '..', '..');
  const folder = mkdtempSync(join(root, 'node_modules', '.cache', 'fresh-client-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
    const program = ts.createProgram(Object.keys(files).filter((name) => name.endsWith('.ts')).map((name) => join(folder, name)), {
      strict: true, noImplicitAny: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler, lib: ['lib.es2023.d.ts'], types: ['node'], esModuleInterop: true,
    });
    return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const where = diagnostic.file ? `${diagnostic.file.fileName.slice(folder.length + 1)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}: ` : '';
      return `${where}${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The casts, non-null assertions, `any` and compiler silencers in a client's source (a lint of the syntax tree). */
export function castsAndAny(source: string): string[] {
  const file = ts.createSourceFile('client.ts', source, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    if (ts.isAsExpression(node) && !(ts.isTypeReferenceNode(node.type) && node.type.typeName.getText() === 'const')) found.push(`line ${line}: cast \`${node.getText()}\``);
    else if (ts.isTypeAssertionExpression(node)) found.push(`line ${line}: cast \`${node.getText()}\``);
    else if (ts.isNonNullExpression(node)) found.push(`line ${line}: non-null assertion \`${node.getText()}\``);
    else if (node.kind === ts.SyntaxKind.AnyKeyword) found.push(`line ${line}: \`any\``);
    ts.forEachChild(node, visit);
  };
  visit(file);
  for (const match of source.matchAll(/@ts-(ignore|expect-error|nocheck)/g)) found.push(`a @ts-${match[1]} comment`);
  return found;
}
