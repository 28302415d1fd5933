/**
 * `npx tsx scripts/cpu-profile-top.ts <file.cpuprofile>... [--top N]`: where V8 CPU profiles' time went,
 * by self time: the top functions, and the totals per package (node_modules/<name>), node internals
 * and our own code. Used with `BENCH_PROFILE=<dir> npm run bench` (docs/bench-results.md).
 */
import { readFileSync } from 'node:fs';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }
const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 25;
if (args.length === 0) throw new Error('usage: cpu-profile-top.ts <file.cpuprofile>... [--top N]');
const fn = new Map<string, number>();
const group = new Map<string, number>();
let total = 0;
for (const file of args) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
  const byNode = new Map<number, number>();
  profile.samples.forEach((id, i) => byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  total += [...byNode.values()].reduce((sum, us) => sum + us, 0);
  const groupOf = (url: string, name: string) => {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    if (pkg) return pkg;
    if (url.includes('/src/generated/')) return 'prisma (generated client)';
    if (url.includes('/src/') || url.includes('/scripts/')) return 'our code';
    if (url.startsWith('node:')) return 'node internals';
    return name === '(garbage collector)' || name === '(program)' || name === '(idle)' ? name : 'native / other';
  };
  for (const node of profile.nodes) {
    const us = byNode.get(node.id) ?? 0;
    if (us === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(src|scripts)\//, '$1/')}:${lineNumber + 1}`;
    fn.set(key, (fn.get(key) ?? 0) + us);
    const g = groupOf(url, functionName);
    group.set(g, (group.get(g) ?? 0) + us);
  }
}
const busy = total - (group.get('(idle)') ?? 0);
const pct = (us: number) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`;
console.log(`${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (not idle)`);
console.log('\nBy package, top 15 (self time, % of busy time):');
for (const [name, us] of [...group].filter(([name]) => name !== '(idle)').sort((x, y) => y[1] - x[1]).slice(0, 15)) console.log(`  ${pct(us)}  ${name}`);
console.log(`\nTop ${top} functions (self time):`);
for (const [name, us] of [...fn].filter(([name]) => !name.startsWith('(idle)')).sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`  ${pct(us)}  ${name}`);
