/**
 * `npx tsx scripts/engine-bench.ts`: engine time per random 4-player game, per served game.
 * Each game is played from setup to the end (or ENGINE_BENCH_MAX_MOVES) by a seeded random choice
 * among the legal actions; measured in CPU time of this process (other work on the machine does
 * not count): the whole loop of `legalActions` + `apply` (the engine work of a server move and of a
 * bot's choice), and separately one `view` per move. Goal: ≤ 5 ms per game.
 *
 * Settings (environment):
 *   ENGINE_BENCH_GAMES      random games per game type (default 30)
 *   ENGINE_BENCH_SEATS      players (default 4, clamped to each game's range)
 *   ENGINE_BENCH_MAX_MOVES  a game stops after this many moves (default 5000)
 *   ENGINE_BENCH_ONLY       game ids, comma-separated (default: every served game)
 */
import { openRng, seedRng } from '../src/engine/rng.js';
import { withDefaults } from '../src/engine/schema.js';
import { isRuleError } from '../src/engine/types.js';
import { games } from '../src/games/index.js';

const count = Number(process.env.ENGINE_BENCH_GAMES || 30);
const seatsWanted = Number(process.env.ENGINE_BENCH_SEATS || 4);
const maxMoves = Number(process.env.ENGINE_BENCH_MAX_MOVES || 5000);
const only = process.env.ENGINE_BENCH_ONLY?.split(',').map((id) => id.trim());

/** CPU time of this process in ms: unlike wall time it does not count while other processes hold the CPU. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

const rows: string[][] = [];
for (const definition of Object.values(games)) {
  if (only && !only.includes(definition.id)) continue;
  const seats = Math.min(definition.players.max, Math.max(definition.players.min, seatsWanted));
  const play = (g: number, seen?: { state: unknown; seat: number }[]) => {
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
  };
  play(-1); // warm the JIT, untimed
  let moves = 0;
  let unfinished = 0;
  const t0 = cpuMs();
  for (let g = 0; g < count; g++) {
    const { played, over } = play(g);
    moves += played;
    if (!over) unfinished++;
  }
  const engineMs = cpuMs() - t0;
  // Views apart: one per move, of the states of one more game set.
  const seen: { state: unknown; seat: number }[] = [];
  for (let g = 0; g < Math.min(count, 5); g++) play(g, seen);
  const t1 = cpuMs();
  for (const { state, seat } of seen) definition.view(state, seat);
  const viewMs = cpuMs() - t1;
  rows.push([definition.id, String(seats), (moves / count).toFixed(0), (engineMs / count).toFixed(2), ((engineMs / moves) * 1000).toFixed(1), ((viewMs / seen.length) * 1000).toFixed(1), String(unfinished)]);
}
const header = ['game', 'seats', 'moves/game', 'engine ms/game', 'engine µs/move', 'view µs/move', `unfinished at ${maxMoves}`];
const widths = header.map((title, c) => Math.max(title.length, ...rows.map((cells) => cells[c]!.length)));
const format = (cells: string[]) => `| ${cells.map((cell, c) => cell.padStart(widths[c]!)).join(' | ')} |`;
console.log([`Engine CPU time per random game (apply + legalActions), ${count} games each; goal ≤ 5 ms per game`, format(header), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map(format)].join('\n'));
