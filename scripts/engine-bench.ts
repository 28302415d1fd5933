/**
 * `npx tsx scripts/engine-bench.ts`: engine time per random 4-player game, per served game, beside
 * the goal (≤ 5 ms per game, issue 10 point 4) and the baseline measured before the speed-up.
 * Each game is played from setup to the end (or ENGINE_BENCH_MAX_MOVES) by a seeded random choice
 * among the legal actions, under the newest rules version with default options. Measured in CPU time
 * of this process (other work on the machine does not count): the whole loop of `legalActions` +
 * `apply` (the engine work of a server move and of a bot's choice), and separately one `view` per
 * move (the server renders one per seat and move for fan-out).
 *
 * The engines measured are those production runs: compiled by tsc (tsconfig.build.json, as
 * `npm run build` does for `node dist/main.js`) into node_modules/.cache/, then loaded by plain
 * node. Run through tsx instead (ENGINE_BENCH_SOURCE=tsx), every function and closure of the
 * sources is wrapped by esbuild's keepNames (a property definition per closure made), which costs
 * the allocation-heavy rules code about three times the engine time.
 *
 * A server runs its engines warm, so ENGINE_BENCH_WARMUP untimed rounds of games come first: a
 * fresh process spends its first games compiling, and the optimizing compiler's threads count in
 * process CPU time. How long that takes depends on the game: guild town, with the most functions
 * and object shapes, keeps recompiling (deoptimized on "wrong map", then optimized again) for
 * about 15 rounds of 30 games, each such round costing 2–10 times a warm one, then stays within
 * a few percent of 1.1 ms per game for as long as it runs (60 rounds measured); the other games
 * settle within 2–3 rounds. That one-time cost is shown as the cold round (the first warm-up
 * round, from a fresh start); then ENGINE_BENCH_ROUNDS timed rounds; the figures are their
 * medians, the best timed round beside them. On a shared, loaded machine one warm round can cost
 * five times another (other processes on the same core and cache): record `uptime` beside the
 * figures (docs/bench-results.md, Engine).
 *
 * Settings (environment):
 *   ENGINE_BENCH_GAMES      random games per round and game type (default 30)
 *   ENGINE_BENCH_WARMUP     untimed warm-up rounds per game type (default 20)
 *   ENGINE_BENCH_ROUNDS     timed rounds (default 9)
 *   ENGINE_BENCH_SEATS      players (default 4, clamped to each game's range)
 *   ENGINE_BENCH_MAX_MOVES  a game stops after this many moves (default 5000)
 *   ENGINE_BENCH_ONLY       game ids, comma-separated (default: every served game)
 *   ENGINE_BENCH_SOURCE     `compiled` (default) or `tsx` (the TypeScript sources as `npm start` runs them)
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as Rng from '../src/engine/rng.js';
import type * as Schema from '../src/engine/schema.js';
import type { AnyGameDefinition } from '../src/engine/types.js';
import type * as Types from '../src/engine/types.js';
import type * as Games from '../src/games/index.js';
import { median } from './median.js';

const count = Number(process.env.ENGINE_BENCH_GAMES || 30);
const warmupRounds = Math.max(1, Number(process.env.ENGINE_BENCH_WARMUP || 20));
const rounds = Number(process.env.ENGINE_BENCH_ROUNDS || 9);
const seatsWanted = Number(process.env.ENGINE_BENCH_SEATS || 4);
const maxMoves = Number(process.env.ENGINE_BENCH_MAX_MOVES || 5000);
const only = process.env.ENGINE_BENCH_ONLY?.split(',').map((id) => id.trim());
const source = process.env.ENGINE_BENCH_SOURCE === 'tsx' ? 'tsx' : 'compiled';

/** The engine modules: the sources (tsx), or their tsc build in node_modules/.cache (one folder per checkout). */
async function loadEngines(): Promise<{ rng: typeof Rng; schema: typeof Schema; types: typeof Types; catalog: typeof Games }> {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  let base = pathToFileURL(join(root, 'src') + '/').href;
  if (source === 'compiled') {
    const folder = join(root, 'node_modules', '.cache', `engine-bench-${createHash('sha1').update(root).digest('hex').slice(0, 8)}`);
    mkdirSync(folder, { recursive: true });
    const config = {
      extends: join(root, 'tsconfig.build.json'),
      compilerOptions: { rootDir: join(root, 'src'), outDir: join(folder, 'dist'), sourceMap: false, declaration: false },
      include: [],
      files: [join(root, 'src', 'games', 'index.ts')],
    };
    writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify(config));
    console.error('compiling the engines with tsc…');
    execFileSync(process.execPath, [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', join(folder, 'tsconfig.json')], { stdio: 'inherit' });
    base = pathToFileURL(join(folder, 'dist') + '/').href;
  }
  const load = (path: string) => import(new URL(path, base).href);
  const [rng, schema, types, catalog] = await Promise.all([load('engine/rng.js'), load('engine/schema.js'), load('engine/types.js'), load('games/index.js')]);
  return { rng, schema, types, catalog };
}
const { rng: rngModule, schema: schemaModule, types: typesModule, catalog } = await loadEngines();
const { openRng, seedRng } = rngModule;
const { withDefaults } = schemaModule;
const { isRuleError } = typesModule;
const { games } = catalog;

/** Goal of issue 10 point 4: engine ms per random 4-player game. */
const GOAL_MS = 5;
/**
 * Engine ms per game before the speed-up: main at ee1930c measured by this script (compiled, 4
 * players, 2026-11-23, load average about 11 on 2 cores: docs/bench-results.md, Engine).
 */
const BASELINE_MS: Record<string, number> = { urbanization: 10.69, 'construction-yard': 5.65, 'guild-town': 27.32, 'milestone-city': 6.38 };

/** CPU time of this process in ms: unlike wall time it does not count while other processes hold the CPU. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function playGame(definition: AnyGameDefinition, seats: number, g: number, seen?: { state: unknown; seat: number }[]) {
  const rng = openRng(seedRng(`engine-bench:${definition.id}:${g}`));
  let state = definition.setup({ seats, options: withDefaults(definition.optionsSchema, {}), seed: `engine-bench:${g}` });
  let played = 0;
  for (; played < maxMoves; played++) {
    const seat = definition.activeSeats(state)[0];
    if (seat === undefined) break;
    const actions = definition.legalActions(state, seat);
    if (actions.length === 0) throw new Error(`${definition.id}: seat ${seat} has no legal action`);
    const applied = definition.apply(state, seat, rng.pick(actions));
    if (isRuleError(applied)) throw new Error(`${definition.id}: a listed action was refused: ${applied.message}`);
    state = applied.state;
    seen?.push({ state, seat });
  }
  return { played, over: definition.activeSeats(state).length === 0 };
}

const rows: string[][] = [];
for (const definition of Object.values(games)) {
  if (only && !only.includes(definition.id)) continue;
  const seats = Math.min(definition.players.max, Math.max(definition.players.min, seatsWanted));
  // States to render views of: every state of a few games.
  const seen: { state: unknown; seat: number }[] = [];
  for (let g = 0; g < Math.min(count, 5); g++) playGame(definition, seats, g, seen);
  // Warm-up rounds, untimed but for the first (the cold round: compiling included).
  let coldMs = 0;
  for (let round = 0; round < warmupRounds; round++) {
    const t0 = cpuMs();
    for (let g = 0; g < count; g++) playGame(definition, seats, g);
    if (round === 0) coldMs = (cpuMs() - t0) / count;
  }
  const engineMs: number[] = [];
  const viewUs: number[] = [];
  let moves = 0;
  let unfinished = 0;
  for (let round = 0; round < rounds; round++) {
    moves = 0;
    unfinished = 0;
    const t0 = cpuMs();
    for (let g = 0; g < count; g++) {
      const { played, over } = playGame(definition, seats, g);
      moves += played;
      if (!over) unfinished++;
    }
    engineMs.push((cpuMs() - t0) / count);
    const t1 = cpuMs();
    for (const { state, seat } of seen) definition.view(state, seat);
    viewUs.push(((cpuMs() - t1) / seen.length) * 1000);
  }
  const engine = median(engineMs);
  const baseline = BASELINE_MS[definition.id];
  rows.push([
    definition.id, String(seats), (moves / count).toFixed(0), engine.toFixed(2), coldMs.toFixed(2), Math.min(...engineMs).toFixed(2), baseline ? baseline.toFixed(2) : '-',
    engine <= GOAL_MS ? 'yes' : 'no', ((engine / (moves / count)) * 1000).toFixed(1), median(viewUs).toFixed(1), String(unfinished),
  ]);
}
const header = [
  'game', 'seats', 'moves/game', 'engine ms/game', 'cold round', 'best round', 'baseline ms', `≤ ${GOAL_MS} ms`, 'engine µs/move', 'view µs/move', `unfinished at ${maxMoves}`,
];
const widths = header.map((title, c) => Math.max(title.length, ...rows.map((cells) => cells[c]!.length)));
const format = (cells: string[]) => `| ${cells.map((cell, c) => cell.padStart(widths[c]!)).join(' | ')} |`;
console.log(
  [
    `Engine CPU time per random game (apply + legalActions), ${source === 'tsx' ? 'TypeScript sources through tsx' : 'engines compiled by tsc as in production'}, median of ${rounds} rounds of ${count} games after ${warmupRounds} warm-up rounds; goal ≤ ${GOAL_MS} ms per game`,
    format(header),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...rows.map(format),
  ].join('\n'),
);
