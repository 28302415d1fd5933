/**
 * Records the missing fixture games: `npx tsx test/games/urbanization/record-fixtures.ts`.
 * Each fixture is a random legal game (seeded bot choices) under one rules version, with its final
 * state hash and outcome. A fixture is never re-recorded: a rules change is a new version with new
 * fixtures, and the old ones must keep replaying.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { chooseBotAction } from '../../../src/engine/bots.js';
import { stateHash } from '../../../src/engine/canonical.js';
import { isRuleError } from '../../../src/engine/types.js';
import { urbanizationGame, type UrbanizationAction } from '../../../src/games/urbanization/index.js';

const runs = [
  { name: 'two-players-basic', rulesVersion: 1, seats: 2, options: { inventions: false }, seed: 'fixture-2' },
  { name: 'three-players-inventions', rulesVersion: 1, seats: 3, options: { inventions: true }, seed: 'fixture-3' },
  { name: 'four-players-inventions', rulesVersion: 1, seats: 4, options: { inventions: true }, seed: 'fixture-4' },
  { name: 'v2-two-players-inventions', rulesVersion: 2, seats: 2, options: { inventions: true }, seed: 'fixture-2' },
  { name: 'v2-three-players-inventions', rulesVersion: 2, seats: 3, options: { inventions: true }, seed: 'fixture-3' },
];

for (const run of runs.filter((r) => !existsSync(new URL(`./fixtures/${r.name}.json`, import.meta.url)))) {
  let state = urbanizationGame.setup({ seats: run.seats, options: run.options, seed: run.seed, rulesVersion: run.rulesVersion });
  const actions: { seat: number; action: unknown }[] = [];
  while (urbanizationGame.outcome(state) === null) {
    const seat = urbanizationGame.activeSeats(state)[0]!;
    const action = chooseBotAction(urbanizationGame, 'random', state, seat, `${run.seed}/${actions.length}`) as UrbanizationAction;
    const result = urbanizationGame.apply(state, seat, action);
    if (isRuleError(result)) throw new Error(result.code);
    state = result.state;
    actions.push({ seat, action });
  }
  const fixture = { rulesVersion: run.rulesVersion, seats: run.seats, options: run.options, seed: run.seed, actions, stateHash: stateHash(state), outcome: urbanizationGame.outcome(state) };
  writeFileSync(new URL(`./fixtures/${run.name}.json`, import.meta.url), JSON.stringify(fixture, null, 1) + '\n');
  console.log(run.name, actions.length, fixture.outcome);
}
