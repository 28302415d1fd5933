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
 * times the load) and its longest move in CPU time. Settings (environment):
 *   ARENA_GAMES=200         games per game type, player count and match-up
 *   ARENA_FIRST=0           the first game's index (its seed and hard seat): a later run with
 *                           ARENA_FIRST=200 plays the next games of the same lines (combine the lines' wins)
 *   ARENA_THINK_MS=300      the bots' budget (BOT_THINK_MS): it sets the search's iteration count
 *   ARENA_TYPES=a,b         game types (default: all)
 *   ARENA_PLAYERS=2,3,4     player counts (each game type's own range is respected)
 *   ARENA_MATCHUPS=greedy,medium   the hard bot's opponents
 *   ARENA_JSON=file         also append one JSON line per result to this file
 *   ARENA_JOBS=1            processes playing a line's games side by side (at most the CPUs): the
 *                           results do not depend on it (each game's seed and seats come from its index)
 * Run it niced on a shared machine: `nice -n 19 npm run bot-arena`.
 *
 * `npm run bot-arena` runs this file compiled (an esbuild bundle in node_modules/.cache), as the
 * service's build runs its bots: under tsx, which keeps every function's name by a call at each
 * closure's creation, a Guild town move costs about 1.6 times the CPU (a profile: 30% of it in
 * tsx's `__name`). The games played are the same either way (the iteration count decides a move).
 */
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chooseBotAction } from '../src/engine/bots.js';
import { isRuleError, type AnyGameDefinition } from '../src/engine/types.js';
import { games } from '../src/games/index.js';

const env = process.env;
const GAMES = Number(env.ARENA_GAMES ?? 200);
const FIRST = Number(env.ARENA_FIRST ?? 0);
const THINK_MS = Number(env.ARENA_THINK_MS ?? 300);
const TYPES = env.ARENA_TYPES ? env.ARENA_TYPES.split(',') : Object.keys(games);
const PLAYERS = (env.ARENA_PLAYERS ?? '2,3,4').split(',').map(Number);
const MATCHUPS = (env.ARENA_MATCHUPS ?? 'greedy,medium').split(',');
const JOBS = Math.max(1, Math.min(Number(env.ARENA_JOBS ?? 1), availableParallelism()));
const MAX_PLIES = 20_000;
const COOPERATIVE = new Set(['milestone-city']);

interface Played {
  scores: number[];
  winners: number[];
  won: boolean;
  hardMoves: number;
  hardWallMs: number;
  hardCpuMs: number;
  /** The hard bot's longest move in CPU time: the budget holds for every move, not only on average. */
  hardCpuMaxMs: number;
}

/** One game: `bots[seat]` plays each seat; times the hard bot's moves. */
function play(definition: AnyGameDefinition, seats: number, bots: string[], seed: string): Played {
  let state = definition.setup({ seats, options: {}, seed });
  let hardMoves = 0;
  let hardWallMs = 0;
  let hardCpuMs = 0;
  let hardCpuMaxMs = 0;
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
      const usedMs = (used.user + used.system) / 1000;
      hardCpuMs += usedMs;
      hardCpuMaxMs = Math.max(hardCpuMaxMs, usedMs);
    }
    const applied = definition.apply(state, seat, action);
    if (isRuleError(applied)) throw new Error(`${definition.id}: ${bot} chose a refused action: ${applied.code}`);
    state = applied.state;
  }
  const outcome = definition.outcome(state);
  if (!outcome) throw new Error(`${definition.id} ${seed}: no outcome after ${MAX_PLIES} plies`);
  return { scores: outcome.scores, winners: outcome.winners, won: outcome.winners.length > 0, hardMoves, hardWallMs, hardCpuMs, hardCpuMaxMs };
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
  const text = `| ${line.type} | ${line.players} | hard vs ${line.opponent} | ${line.games} | ${(line.wins as number).toFixed(1)} | ${pct((line.wins as number) / (line.games as number))} | ${pct(low)}–${pct(high)} | ${line.equal} | ${(line.wallMsPerMove as number).toFixed(0)} | ${(line.cpuMsPerMove as number).toFixed(0)} | ${(line.cpuMaxMs as number).toFixed(0)} |${line.note ? ` ${line.note}` : ''}`;
  console.log(text);
  if (env.ARENA_JSON) appendFileSync(env.ARENA_JSON, `${JSON.stringify({ ...line, low, high, thinkMs: THINK_MS })}\n`);
}

interface LineTotals {
  games: number;
  wins: number;
  moves: number;
  wallMs: number;
  cpuMs: number;
  cpuMaxMs: number;
  teamWins: { hard: number; other: number };
  scoreSums: { hard: number; other: number };
}

const noTotals = (): LineTotals => ({ games: 0, wins: 0, moves: 0, wallMs: 0, cpuMs: 0, cpuMaxMs: 0, teamWins: { hard: 0, other: 0 }, scoreSums: { hard: 0, other: 0 } });

function addTotals(a: LineTotals, b: LineTotals): LineTotals {
  return {
    games: a.games + b.games, wins: a.wins + b.wins, moves: a.moves + b.moves, wallMs: a.wallMs + b.wallMs, cpuMs: a.cpuMs + b.cpuMs, cpuMaxMs: Math.max(a.cpuMaxMs, b.cpuMaxMs),
    teamWins: { hard: a.teamWins.hard + b.teamWins.hard, other: a.teamWins.other + b.teamWins.other },
    scoreSums: { hard: a.scoreSums.hard + b.scoreSums.hard, other: a.scoreSums.other + b.scoreSums.other },
  };
}

/** The games of one line whose index `i` (its seed and hard seat) is in `indices`. */
function playLine(type: string, players: number, opponent: string, indices: number[]): LineTotals {
  const definition = games[type]!;
  let totals = noTotals();
  const progress = (what: string) => console.error(`  ${type} ${players}p vs ${opponent}: ${what} ${totals.wins.toFixed(1)} of ${totals.games}${JOBS > 1 ? ' (this process)' : ''}, hard ${(totals.cpuMs / Math.max(1, totals.moves)).toFixed(0)} CPU ms/move`);
  for (const i of indices) {
    const seed = `g2:arena-${type}-${players}-${i}`;
    if (COOPERATIVE.has(type)) {
      const hard = play(definition, players, Array(players).fill('hard'), seed);
      const other = play(definition, players, Array(players).fill(opponent), seed);
      totals = addTotals(totals, {
        games: 1, wins: hard.scores[0]! > other.scores[0]! ? 1 : hard.scores[0] === other.scores[0] ? 0.5 : 0,
        moves: hard.hardMoves, wallMs: hard.hardWallMs, cpuMs: hard.hardCpuMs, cpuMaxMs: hard.hardCpuMaxMs,
        teamWins: { hard: Number(hard.won), other: Number(other.won) }, scoreSums: { hard: hard.scores[0]!, other: other.scores[0]! },
      });
      progress(`seed ${i + 1 - FIRST}/${GAMES}, hard team ahead so far`);
      continue;
    }
    const hardSeat = i % players;
    const bots = Array.from({ length: players }, (_, seat) => (seat === hardSeat ? 'hard' : opponent));
    const result = play(definition, players, bots, seed);
    totals = addTotals(totals, {
      ...noTotals(), games: 1, wins: result.winners.includes(hardSeat) ? 1 / result.winners.length : 0,
      moves: result.hardMoves, wallMs: result.hardWallMs, cpuMs: result.hardCpuMs, cpuMaxMs: result.hardCpuMaxMs,
    });
    progress(`game ${i + 1 - FIRST}/${GAMES}, hard wins so far`);
  }
  return totals;
}

/**
 * A line's games over JOBS processes (this script again, one share of the indices each: game i to
 * process i mod JOBS), each answering its totals as JSON on stdout. The seeds and seats are the
 * index's, so the result is the same whatever JOBS is.
 */
async function playLineInJobs(type: string, players: number, opponent: string): Promise<LineTotals> {
  const indices = Array.from({ length: GAMES }, (_, i) => FIRST + i);
  if (JOBS === 1) return playLine(type, players, opponent, indices);
  const shares = Array.from({ length: JOBS }, (_, job) => indices.filter((i) => i % JOBS === job)).filter((share) => share.length > 0);
  const results = await Promise.all(shares.map((share) => new Promise<LineTotals>((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
      env: { ...env, ARENA_CHILD: JSON.stringify({ type, players, opponent, indices: share }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => { out += chunk; });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as LineTotals) : reject(new Error(`arena job exited with ${code}`))));
  })));
  return results.reduce(addTotals, noTotals());
}

if (env.ARENA_CHILD) {
  const { type, players, opponent, indices } = JSON.parse(env.ARENA_CHILD) as { type: string; players: number; opponent: string; indices: number[] };
  process.stdout.write(JSON.stringify(playLine(type, players, opponent, indices)));
} else {
  console.log(`bot arena: ${GAMES} games per line (indices ${FIRST} to ${FIRST + GAMES - 1}), BOT_THINK_MS ${THINK_MS}, ${JOBS} process${JOBS === 1 ? '' : 'es'}`);
  console.log('| game | players | match-up | games | hard wins | win rate | 95% CI (Wilson) | equal bot | hard ms/move (wall) | hard ms/move (CPU) | hard max CPU ms |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const type of TYPES) {
    const definition = games[type]!;
    for (const players of PLAYERS.filter((count) => count >= definition.players.min && count <= definition.players.max)) {
      for (const opponent of MATCHUPS) {
        const totals = await playLineInJobs(type, players, opponent);
        const note = COOPERATIVE.has(type)
          ? `(cooperative: the hard team outscores the ${opponent} team on the same seeds; games won ${totals.teamWins.hard} vs ${totals.teamWins.other}, mean score ${(totals.scoreSums.hard / GAMES).toFixed(1)} vs ${(totals.scoreSums.other / GAMES).toFixed(1)})`
          : '';
        report({
          type, players, opponent, first: FIRST, games: GAMES, hardMoves: totals.moves, wins: totals.wins, equal: COOPERATIVE.has(type) ? '50%' : pct(1 / players),
          wallMsPerMove: totals.moves ? totals.wallMs / totals.moves : 0, cpuMsPerMove: totals.moves ? totals.cpuMs / totals.moves : 0, cpuMaxMs: totals.cpuMaxMs, note,
        });
      }
    }
  }
}
