/**
 * Bot arena: how strong the search bots are, and how long they think. Plays whole games in this
 * process with the games' own engines (no server): hard against greedy and hard against medium, per
 * game type and player count, the hard seat rotating over the seats (one hard bot, the other seats
 * all the opponent level). Cooperative Milestone City has no opponents: the same seeds are played by
 * a team of hard bots and a team of the opponent level, and the hard team "wins" a seed when it
 * scores more (a tie counts half).
 *
 * Prints, per line: games, the hard bot's wins (a shared win counts by its share), its win rate with
 * a 95% Wilson interval, the rate of an equal bot (1 / players), and the hard bot's milliseconds per
 * move (wall clock and this process's CPU time: on a busy machine the wall clock is the CPU time
 * times the load). Settings (environment):
 *   ARENA_GAMES=200         games per game type, player count and match-up
 *   ARENA_THINK_MS=300      the bots' budget (BOT_THINK_MS): it sets the search's iteration count
 *   ARENA_TYPES=a,b         game types (default: all)
 *   ARENA_PLAYERS=2,3,4     player counts (each game type's own range is respected)
 *   ARENA_MATCHUPS=greedy,medium   the hard bot's opponents
 *   ARENA_JSON=file         also append one JSON line per result to this file
 * Run it niced on a shared machine: `nice -n 19 npm run bot-arena`.
 */
import { appendFileSync } from 'node:fs';
import { chooseBotAction } from '../src/engine/bots.js';
import { isRuleError, type AnyGameDefinition } from '../src/engine/types.js';
import { games } from '../src/games/index.js';

const env = process.env;
const GAMES = Number(env.ARENA_GAMES ?? 200);
const THINK_MS = Number(env.ARENA_THINK_MS ?? 300);
const TYPES = env.ARENA_TYPES ? env.ARENA_TYPES.split(',') : Object.keys(games);
const PLAYERS = (env.ARENA_PLAYERS ?? '2,3,4').split(',').map(Number);
const MATCHUPS = (env.ARENA_MATCHUPS ?? 'greedy,medium').split(',');
const MAX_PLIES = 20_000;
const COOPERATIVE = new Set(['milestone-city']);

interface Played {
  scores: number[];
  winners: number[];
  won: boolean;
  hardMoves: number;
  hardWallMs: number;
  hardCpuMs: number;
}

/** One game: `bots[seat]` plays each seat; times the hard bot's moves. */
function play(definition: AnyGameDefinition, seats: number, bots: string[], seed: string): Played {
  let state = definition.setup({ seats, options: {}, seed });
  let hardMoves = 0;
  let hardWallMs = 0;
  let hardCpuMs = 0;
  for (let ply = 0; ply < MAX_PLIES; ply++) {
    const active = definition.activeSeats(state);
    if (active.length === 0) break;
    const seat = active[0]!;
    const bot = bots[seat]!;
    const wall = performance.now();
    const cpu = process.cpuUsage();
    const action = chooseBotAction(definition, bot, state, seat, `${seed}/${ply}`, THINK_MS);
    if (bot === 'hard') {
      hardMoves++;
      hardWallMs += performance.now() - wall;
      const used = process.cpuUsage(cpu);
      hardCpuMs += (used.user + used.system) / 1000;
    }
    const applied = definition.apply(state, seat, action);
    if (isRuleError(applied)) throw new Error(`${definition.id}: ${bot} chose a refused action: ${applied.code}`);
    state = applied.state;
  }
  const outcome = definition.outcome(state);
  if (!outcome) throw new Error(`${definition.id} ${seed}: no outcome after ${MAX_PLIES} plies`);
  return { scores: outcome.scores, winners: outcome.winners, won: outcome.winners.length > 0, hardMoves, hardWallMs, hardCpuMs };
}

/** 95% Wilson score interval of `wins` successes in `n`. */
export function wilson(wins: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = wins / n;
  const denominator = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denominator;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function report(line: Record<string, unknown>): void {
  const [low, high] = wilson(line.wins as number, line.games as number);
  const text = `| ${line.type} | ${line.players} | hard vs ${line.opponent} | ${line.games} | ${(line.wins as number).toFixed(1)} | ${pct((line.wins as number) / (line.games as number))} | ${pct(low)}–${pct(high)} | ${line.equal} | ${(line.wallMsPerMove as number).toFixed(0)} | ${(line.cpuMsPerMove as number).toFixed(0)} |${line.note ? ` ${line.note}` : ''}`;
  console.log(text);
  if (env.ARENA_JSON) appendFileSync(env.ARENA_JSON, `${JSON.stringify({ ...line, low, high, thinkMs: THINK_MS })}\n`);
}

console.log(`bot arena: ${GAMES} games per line, BOT_THINK_MS ${THINK_MS}`);
console.log('| game | players | match-up | games | hard wins | win rate | 95% CI (Wilson) | equal bot | hard ms/move (wall) | hard ms/move (CPU) |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const type of TYPES) {
  const definition = games[type]!;
  for (const players of PLAYERS.filter((count) => count >= definition.players.min && count <= definition.players.max)) {
    for (const opponent of MATCHUPS) {
      let wins = 0;
      let moves = 0;
      let wallMs = 0;
      let cpuMs = 0;
      let teamWins = { hard: 0, other: 0 };
      let scoreSums = { hard: 0, other: 0 };
      for (let i = 0; i < GAMES; i++) {
        const seed = `g2:arena-${type}-${players}-${i}`;
        if (COOPERATIVE.has(type)) {
          const hard = play(definition, players, Array(players).fill('hard'), seed);
          const other = play(definition, players, Array(players).fill(opponent), seed);
          wins += hard.scores[0]! > other.scores[0]! ? 1 : hard.scores[0] === other.scores[0] ? 0.5 : 0;
          teamWins = { hard: teamWins.hard + Number(hard.won), other: teamWins.other + Number(other.won) };
          scoreSums = { hard: scoreSums.hard + hard.scores[0]!, other: scoreSums.other + other.scores[0]! };
          [moves, wallMs, cpuMs] = [moves + hard.hardMoves, wallMs + hard.hardWallMs, cpuMs + hard.hardCpuMs];
          console.error(`  ${type} ${players}p vs ${opponent}: seed ${i + 1}/${GAMES}, hard team ahead so far ${wins.toFixed(1)}`);
          continue;
        }
        const hardSeat = i % players;
        const bots = Array.from({ length: players }, (_, seat) => (seat === hardSeat ? 'hard' : opponent));
        const result = play(definition, players, bots, seed);
        if (result.winners.includes(hardSeat)) wins += 1 / result.winners.length;
        console.error(`  ${type} ${players}p vs ${opponent}: game ${i + 1}/${GAMES}, hard wins so far ${wins.toFixed(1)}`);
        [moves, wallMs, cpuMs] = [moves + result.hardMoves, wallMs + result.hardWallMs, cpuMs + result.hardCpuMs];
      }
      const note = COOPERATIVE.has(type)
        ? `(cooperative: the hard team outscores the ${opponent} team on the same seeds; games won ${teamWins.hard} vs ${teamWins.other}, mean score ${(scoreSums.hard / GAMES).toFixed(1)} vs ${(scoreSums.other / GAMES).toFixed(1)})`
        : '';
      report({
        type, players, opponent, games: GAMES, wins, equal: COOPERATIVE.has(type) ? '50%' : pct(1 / players),
        wallMsPerMove: moves ? wallMs / moves : 0, cpuMsPerMove: moves ? cpuMs / moves : 0, note,
      });
    }
  }
}
