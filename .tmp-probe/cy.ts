import { games } from '../src/games/index.js';
import { botInput, chooseBotAction } from '../src/engine/bots.js';
import { openRng, seedRng } from '../src/engine/rng.js';
import { searchProfile } from '../src/games/construction-yard/search.js';
const def = games['construction-yard'];
let st: any = def.setup({ seats: 2, options: {}, seed: 'g2:arena-construction-yard-2-1' });
for (let ply = 0; ply < 400; ply++) {
  const a = def.activeSeats(st); if (!a.length) break;
  const seat = a[0];
  const bot = seat === 1 ? 'hard' : 'greedy';
  const act = chooseBotAction(def, bot, st, seat, `s/${ply}`, 300);
  if (bot === 'hard' && ply < 60) {
    const g = chooseBotAction(def, 'greedy', st, seat, `s/${ply}`);
    console.log(ply, 'hard', JSON.stringify(act), 'greedy would', JSON.stringify(g), 'standing', searchProfile.standing(st).map((x: number) => x.toFixed(1)).join(' '));
  }
  st = (def.apply(st, seat, act) as any).state;
}
console.log(def.outcome(st)?.scores, st.owned.map((o: any) => o.length));
