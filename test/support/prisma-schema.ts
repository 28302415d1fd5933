import { readFileSync } from 'node:fs';

/**
 * A small reader for this project's schema.prisma: what Prisma's migrate would create for it
 * (tables, columns with types and nullability, enums, indexes and foreign keys, named by Prisma's
 * conventions). The Prisma schema engine cannot run here, so the drift test compares this with
 * the migrated database instead of `prisma migrate diff`.
 */
export interface ExpectedColumn { table: string; column: string; type: string; nullable: boolean }
export interface ExpectedIndex { table: string; name: string; columns: string[]; unique: boolean }
export interface ExpectedForeignKey { table: string; name: string; columns: string[]; references: string; onDelete: string }
export interface ExpectedSchema {
  enums: Map<string, string[]>;
  columns: ExpectedColumn[];
  indexes: ExpectedIndex[];
  foreignKeys: ExpectedForeignKey[];
  /** Partial and expression indexes, which Prisma cannot state: named in `// Also: <name> …` comments. */
  unstatedIndexes: string[];
}

const SCALARS: Record<string, string> = { String: 'text', Bytes: 'bytea', Int: 'integer', BigInt: 'bigint', Boolean: 'boolean', Json: 'jsonb', DateTime: 'timestamp(3) without time zone', Float: 'double precision', Decimal: 'numeric(65,30)' };
const NATIVE: Record<string, string> = { Uuid: 'uuid', Timestamptz: 'timestamp with time zone', Text: 'text', Citext: 'citext', Json: 'json' };

const attr = (line: string, name: string) => new RegExp(`@${name}\\(([^)]*)\\)`).exec(line)?.[1];
const list = (text: string) => text.replace(/^\[|\]$/g, '').split(',').map((item) => item.trim().replace(/^"|"$/g, '')).filter(Boolean);
const unquote = (text: string) => text.trim().replace(/^"|"$/g, '');

export function readPrismaSchema(path: string): ExpectedSchema {
  const raw = readFileSync(path, 'utf8');
  const unstatedIndexes = [...raw.matchAll(/\/\/\s*Also:\s*(\w+)/g)].map((match) => match[1]!).sort();
  const source = raw.replace(/\/\/.*$/gm, '');
  const blocks = [...source.matchAll(/^(model|enum)\s+(\w+)\s*\{([\s\S]*?)^\}/gm)];
  const enums = new Map<string, string[]>();
  const enumDbNames = new Map<string, string>();
  const modelTables = new Map<string, string>();
  for (const [, kind, name, body] of blocks) {
    const mapped = /@@map\("([^"]+)"\)/.exec(body!)?.[1] ?? name!;
    if (kind === 'enum') {
      enumDbNames.set(name!, mapped);
      enums.set(mapped, body!.split('\n').map((line) => line.trim()).filter((line) => /^\w+$/.test(line)));
    } else modelTables.set(name!, mapped);
  }
  const columns: ExpectedColumn[] = [];
  const indexes: ExpectedIndex[] = [];
  const foreignKeys: ExpectedForeignKey[] = [];
  for (const [, kind, name, body] of blocks) {
    if (kind !== 'model') continue;
    const table = modelTables.get(name!)!;
    const dbName = new Map<string, string>();
    for (const text of body!.split('\n')) {
      const line = text.trim();
      const field = /^(\w+)\s+(\w+)(\[\])?(\?)?(.*)$/.exec(line);
      if (!field || line.startsWith('@@')) continue;
      const [, fieldName, type, isList, optional, rest] = field as unknown as [string, string, string, string | undefined, string | undefined, string];
      if (modelTables.has(type)) {
        const fields = attr(rest, 'relation')?.match(/fields:\s*(\[[^\]]*\])/)?.[1];
        if (fields) {
          const onDelete = /onDelete:\s*(\w+)/.exec(rest)?.[1] ?? (optional ? 'SetNull' : 'Restrict');
          foreignKeys.push({ table, name: '', columns: list(fields), references: modelTables.get(type)!, onDelete });
        }
        continue;
      }
      const column = unquote(attr(rest, 'map') ?? fieldName);
      dbName.set(fieldName, column);
      const native = /@db\.(\w+)/.exec(rest)?.[1];
      let sqlType = enumDbNames.get(type) ?? (native ? NATIVE[native] : SCALARS[type]);
      if (native === 'Timestamptz') sqlType = `timestamp(${attr(rest, 'db.Timestamptz') ?? 3}) with time zone`;
      if (!sqlType) throw new Error(`drift test: unknown type ${type}${native ? ` @db.${native}` : ''} on ${name}.${fieldName}`);
      columns.push({ table, column, type: isList ? `${sqlType}[]` : sqlType, nullable: Boolean(optional) || Boolean(isList) });
      if (/@id\b/.test(rest)) indexes.push({ table, name: `${table}_pkey`, columns: [column], unique: true });
      if (/@unique\b/.test(rest)) indexes.push({ table, name: `${table}_${column}_key`, columns: [column], unique: true });
    }
    // A field may carry a sort order (`updatedAt(sort: Desc)`): the index is still on its column.
    const cols = (text: string) => list(text).map((field) => field.replace(/\(.*\)$/, '')).map((fieldName) => dbName.get(fieldName) ?? fieldName);
    for (const [, args] of body!.matchAll(/@@id\((\[[^\]]*\])\)/g)) indexes.push({ table, name: `${table}_pkey`, columns: cols(args!), unique: true });
    for (const [, args] of body!.matchAll(/@@unique\((\[[^\]]*\])\)/g)) indexes.push({ table, name: `${table}_${cols(args!).join('_')}_key`, columns: cols(args!), unique: true });
    for (const [, args] of body!.matchAll(/@@index\((\[[^\]]*\])\)/g)) indexes.push({ table, name: `${table}_${cols(args!).join('_')}_idx`, columns: cols(args!), unique: false });
    for (const key of foreignKeys.filter((fk) => fk.table === table && fk.name === '')) {
      key.columns = cols(key.columns.join(','));
      key.name = `${table}_${key.columns.join('_')}_fkey`;
    }
  }
  return { enums, columns, indexes, foreignKeys, unstatedIndexes };
}
