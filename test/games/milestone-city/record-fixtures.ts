/**
 * Records the missing replay fixtures: `npx tsx test/games/milestone-city/record-fixtures.ts`.
 * A fixture is never re-recorded: a rules change is a new version (versions.ts) with new fixtures
 * beside the old ones, which must keep replaying (they catch every unintended change of behaviour).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { chooseBotAction } from '../../../src/engine/bots.js';
import { stateHash } from '../../../src/engine/canonical.js';
import type { RecordedAction } from '../../../src/engine/replay.js';
import { isRuleError } from '../../../src/engine/types.js';
import { milestoneCityGame as game, type MilestoneCityAction } from '../../../src/games/milestone-city/index.js';

const runs = [
  { name: 'solo-random', rulesVersion: 1, seats: 1, seed: 'fixture-solo', options: { milestones: 4 }, bot: 'random' },
  { name: 'three-greedy', rulesVersion: 1, seats: 3, seed: 'fixture-three', options: { milestones: 4 }, bot: 'greedy' },
  { name: 'four-random-short', rulesVersion: 1, seats: 4, seed: 'fixture-four', options: { milestones: 2 }, bot: 'random' },
  { name: 'v2-two-greedy', rulesVersion: 2, seats: 2, seed: 'fixture-v2-two', options: { milestones: 4 }, bot: 'greedy' },
  { name: 'v2-three-greedy', rulesVersion: 2, seats: 3, seed: 'fixture-v2-three-2', options: { milestones: 4 }, bot: 'greedy' },
  { name: 'v2-four-random', rulesVersion: 2, seats: 4, seed: 'fixture-v2-four', options: { milestones: 4 }, bot: 'random' },
  { name: 'v3-two-greedy', rulesVersion: 3, seats: 2, seed: 'fixture-v3-two', options: { milestones: 4 }, bot: 'greedy' },
] as const;

for (const run of runs.filter((r) => !existsSync(new URL(`./fixtures/${r.name}.json`, import.meta.url)))) {
  let state = game.setup({ seats: run.seats, options: run.options, seed: run.seed, rulesVersion: run.rulesVersion });
  const actions: RecordedAction[] = [];
  for (let step = 0; game.outcome(state) === null; step++) {
    const seat = game.activeSeats(state)[0]!;
    const action = (run.bot === 'greedy' ? chooseBotAction(game, 'greedy', state, seat, `${run.seed}/${step}`) : chooseBotAction(game, 'random', state, seat, `${run.seed}/${step}`)) as MilestoneCityAction;
    const result = game.apply(state, seat, action);
    if (isRuleError(result)) throw new Error(`${run.name}: ${result.code}`);
    state = result.state;
    actions.push({ seat, action });
  }
  const fixture = { game: game.id, rulesVersion: run.rulesVersion, seats: run.seats, seed: run.seed, options: run.options, actions, stateHash: stateHash(state), outcome: game.outcome(state) };
  writeFileSync(new URL(`./fixtures/${run.name}.json`, import.meta.url), `${JSON.stringify(fixture, null, 1)}\n`);
  console.log(run.name, actions.length, 'actions', state.result, 'milestones', state.milestone);
}
