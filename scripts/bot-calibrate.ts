/**
 * How many search iterations a millisecond of CPU buys, per game (the profiles' `iterationsPerMs`):
 * plays 2-player games greedy against greedy and, at every few positions, times a hard search from
 * the seat's view (process CPU time per iteration run). Run it niced: `nice -n 19 npx tsx scripts/bot-calibrate.ts`.
 *   CALIBRATE_GAMES=2      games per game type
 *   CALIBRATE_TYPES=a,b    game types (default: all)
 */
import { botInput, chooseBotAction } from '../src/engine/bots.js';
import { searchBotMove } from '../src/engine/search-bot.js';
import { isRuleError } from '../src/engine/types.js';
import { searchProfile as constructionYard } from '../src/games/construction-yard/search.js';
import { searchProfile as guildTown } from '../src/games/guild-town/search.js';
import { games } from '../src/games/index.js';
import { searchProfile as milestoneCity } from '../src/games/milestone-city/search.js';
import { searchProfile as urbanization } from '../src/games/urbanization/search.js';

const searchProfiles: Record<string, Parameters<typeof searchBotMove>[1]> = {
  'construction-yard': constructionYard, 'guild-town': guildTown, 'milestone-city': milestoneCity, urbanization,
};

const GAMES = Number(process.env.CALIBRATE_GAMES ?? 2);
const TYPES = process.env.CALIBRATE_TYPES ? process.env.CALIBRATE_TYPES.split(',') : Object.keys(games);
const EVERY = 5;

for (const type of TYPES) {
  const definition = games[type]!;
  const profile = searchProfiles[type]!;
  let iterations = 0;
  let cpuMs = 0;
  let searches = 0;
  for (let game = 0; game < GAMES; game++) {
    const seed = `g2:calibrate-${type}-${game}`;
    let state = definition.setup({ seats: 2, options: {}, seed });
    for (let ply = 0; ply < 20_000; ply++) {
      const seat = definition.activeSeats(state)[0];
      if (seat === undefined) break;
      if (ply % EVERY === 0) {
        const input = botInput(definition, state, seat, `${seed}/${ply}`, 100);
        const before = process.cpuUsage();
        const result = searchBotMove(definition, profile, 'hard', input);
        const used = process.cpuUsage(before);
        if (result.iterations > 0) {
          iterations += result.iterations;
          cpuMs += (used.user + used.system) / 1000;
          searches++;
        }
      }
      const applied = definition.apply(state, seat, chooseBotAction(definition, 'greedy', state, seat, `${seed}/${ply}`));
      if (isRuleError(applied)) throw new Error(`${type}: greedy chose a refused action`);
      state = applied.state;
    }
  }
  console.log(`${type}: ${searches} searches, ${(cpuMs / iterations).toFixed(3)} ms CPU per iteration, ${(iterations / cpuMs).toFixed(2)} iterations per ms (profile: ${profile.iterationsPerMs})`);
}
