import { games } from '../src/games/index.js';
import { botInput } from '../src/engine/bots.js';
import { searchMove } from '../src/engine/search.js';
import { openRng, seedRng } from '../src/engine/rng.js';
import { searchProfile as cy } from '../src/games/construction-yard/search.js';
import { searchProfile as gt } from '../src/games/guild-town/search.js';
import { searchProfile as mc } from '../src/games/milestone-city/search.js';
import { searchProfile as ur } from '../src/games/urbanization/search.js';
const profiles: Record<string, any> = { 'construction-yard': cy, 'guild-town': gt, 'milestone-city': mc, urbanization: ur };
const opts: Record<string, any> = { 'construction-yard': {}, 'guild-town': { swap: true }, 'milestone-city': { milestones: 4 }, urbanization: { inventions: false } };
for (const [id, def] of Object.entries(games)) {
  let iters = 0, ms = 0;
  for (let g = 0; g < 8; g++) {
    const rng = openRng(seedRng(`c${g}`));
    let st: any = def.setup({ seats: 2, options: opts[id], seed: `cal-${g}` });
    const n = rng.int(5, 60);
    for (let i = 0; i < n; i++) { const a = def.activeSeats(st); if (!a.length) break; st = (def.apply(st, a[0], rng.pick(def.legalActions(st, a[0]))) as any).state; }
    const a = def.activeSeats(st); if (!a.length) continue;
    const input = botInput(def, st, a[0], 's');
    if (input.legal.length < 2) continue;
    const c0 = process.cpuUsage();
    const r = searchMove(def, profiles[id], input as any, { iterations: 40, explore: 0.15 });
    const c = process.cpuUsage(c0);
    if (g > 0) { iters += r.iterations; ms += (c.user + c.system) / 1000; }
  }
  console.log(id, 'cpu ms/iteration', (ms / iters).toFixed(2), 'iterations per 300ms', Math.round(300 * iters / ms));
}
