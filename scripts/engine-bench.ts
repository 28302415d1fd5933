/**
 * `npx tsx scripts/engine-bench.ts`: engine time per random 4-player game, per served game.
 * Each game is played from setup to the end (or ENGINE_BENCH_MAX_MOVES) by a seeded random choice
 * among the legal actions; timed: every `legalActions` and `apply` call (the engine work of a
 * server move and of a bot's choice), and separately one `view` per move. Goal: ≤ 5 ms per game.
 *
 * Settings (environment):
 *   ENGINE_BENCH_GAMES      random games per game type (default 30)
 *   ENGINE_BENCH_SEATS      players (default 4, clamped to each game's range)
 *   ENGINE_BENCH_MAX_MOVES  a game stops after this many moves (default 5000)
 *   ENGINE_BENCH_ONLY       game ids, comma-separated (default: every served game)
 */
import { performance } from 'node:perf_hooks';
import { openRng, seedRng } from '../src/engine/rng.js';
import { isRuleError } from '../src/engine/types.js';
import { games } from '../src/games/index.js';

const count = Number(process.env.ENGINE_BENCH_GAMES || 30);
const seatsWanted = Number(process.env.ENGINE_BENCH_SEATS || 4);
const maxMoves = Number(process.env.ENGINE_BENCH_MAX_MOVES || 5000);
const only = process.env.ENGINE_BENCH_ONLY?.split(',').map((id) => id.trim());

const rows: string[][] = [];
for (const definition of Object.values(games)) {
  if (only && !only.includes(definition.id)) continue;
  const seats = Math.min(definition.players.max, Math.max(definition.players.min, seatsWanted));
  let engineMs = 0;
  let viewMs = 0;
  let moves = 0;
  let unfinished = 0;
  // Warm the JIT on one game first, untimed.
  for (let g = -1; g < count; g++) {
    const rng = openRng(seedRng(`engine-bench:${definition.id}:${g}`));
    let state = definition.setup({ seats, options: {}, seed: `engine-bench:${g}` });
    let played = 0;
    let engine = 0;
    let view = 0;
    for (; played < maxMoves; played++) {
      const seat = definition.activeSeats(state)[0];
      if (seat === undefined) break;
      const t0 = performance.now();
      const actions = definition.legalActions(state, seat);
      const t1 = performance.now();
      if (actions.length === 0) throw new Error(`${definition.id}: seat ${seat} has no legal action`);
      const action = rng.pick(actions);
      const t2 = performance.now();
      const applied = definition.apply(state, seat, action);
      const t3 = performance.now();
      if (isRuleError(applied)) throw new Error(`${definition.id}: a listed action was refused: ${applied.message}`);
      state = applied.state;
      definition.view(state, seat);
      view += performance.now() - t3;
      engine += t1 - t0 + (t3 - t2);
    }
    if (g < 0) continue;
    if (definition.activeSeats(state).length > 0) unfinished++;
    engineMs += engine;
    viewMs += view;
    moves += played;
  }
  rows.push([definition.id, String(seats), (moves / count).toFixed(0), (engineMs / count).toFixed(2), ((engineMs / moves) * 1000).toFixed(1), ((viewMs / moves) * 1000).toFixed(1), String(unfinished)]);
}
const header = ['game', 'seats', 'moves/game', 'engine ms/game', 'engine µs/move', 'view µs/move', `unfinished at ${maxMoves}`];
const widths = header.map((title, c) => Math.max(title.length, ...rows.map((cells) => cells[c]!.length)));
const format = (cells: string[]) => `| ${cells.map((cell, c) => cell.padStart(widths[c]!)).join(' | ')} |`;
console.log([`Engine time per random game (apply + legalActions), ${count} games each; goal ≤ 5 ms per game`, format(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(format)].join('\n'));
