/**
 * Records fixture games: `npx tsx test/games/urbanization/record-fixtures.ts`.
 * Each fixture is a random legal game (seeded bot choices) with its final state hash and outcome.
 */
import { writeFileSync } from 'node:fs';
import { randomBot } from '../../../src/engine/bots.js';
import { stateHash } from '../../../src/engine/canonical.js';
import { isRuleError } from '../../../src/engine/types.js';
import { urbanizationGame, type UrbanizationAction } from '../../../src/games/urbanization/index.js';

const runs = [
  { name: 'two-players-basic', seats: 2, options: { inventions: false }, seed: 'fixture-2' },
  { name: 'three-players-inventions', seats: 3, options: { inventions: true }, seed: 'fixture-3' },
  { name: 'four-players-inventions', seats: 4, options: { inventions: true }, seed: 'fixture-4' },
];

for (const run of runs) {
  let state = urbanizationGame.setup({ seats: run.seats, options: run.options, seed: run.seed });
  const actions: { seat: number; action: unknown }[] = [];
  while (urbanizationGame.outcome(state) === null) {
    const seat = urbanizationGame.activeSeats(state)[0]!;
    const action = randomBot(urbanizationGame, state, seat, `${run.seed}/${actions.length}`) as UrbanizationAction;
    const result = urbanizationGame.apply(state, seat, action);
    if (isRuleError(result)) throw new Error(result.code);
    state = result.state;
    actions.push({ seat, action });
  }
  const fixture = { seats: run.seats, options: run.options, seed: run.seed, actions, stateHash: stateHash(state), outcome: urbanizationGame.outcome(state) };
  writeFileSync(new URL(`./fixtures/${run.name}.json`, import.meta.url), JSON.stringify(fixture, null, 1) + '\n');
  console.log(run.name, actions.length, fixture.outcome);
}
