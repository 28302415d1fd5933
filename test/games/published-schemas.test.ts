import { describe, expect, it } from 'vitest';
import { chooseBotAction } from '../../src/engine/bots.js';
import { withDefaults } from '../../src/engine/schema.js';
import { isRuleError } from '../../src/engine/types.js';
import { games } from '../../src/games/index.js';
import { PUBLISHED } from '../../src/http/game-schemas.js';
import { contractChecker } from '../support/contract.js';

/**
 * What engines produce matches what openapi/openapi.json publishes for them: in random games of
 * every game, every view (each seat and the spectator), every legal action and the outcome
 * validate against the game's components (<Game>View, <Game>Action, GameResult), and the default
 * options against <Game>Options. Odd rounds turn every boolean option on (urbanization's
 * inventions), so the views of expansions are checked too. GAMES_PER_TYPE (default 2) plays more.
 */
const contract = contractChecker();
const wire = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
const rounds = Number(process.env.GAMES_PER_TYPE ?? 2);
const everyFlagOn = (schema: object) =>
  Object.fromEntries(Object.entries((schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {}).filter(([, property]) => property.type === 'boolean').map(([name]) => [name, true]));

describe('published per-game schemas', () => {
  it('cover every served game', () => {
    expect(Object.keys(PUBLISHED).sort()).toEqual(Object.keys(games).sort());
  });

  for (const [id, published] of Object.entries(PUBLISHED)) {
    it(`${id}: views, legal actions, options and outcomes of random games match the published components`, () => {
      const definition = games[id]!;
      const name = (schema: { $id?: string }) => String(schema.$id);
      const check = { view: contract.component(name(published.view)), action: contract.component(name(published.action)), options: contract.component(name(published.options)), result: contract.component('GameResult') };
      for (let round = 0; round < rounds; round++) {
        const seats = round % 2 === 0 ? definition.players.min : definition.players.max;
        const options = withDefaults(definition.optionsSchema, round % 2 === 0 ? {} : everyFlagOn(definition.optionsSchema));
        expect(check.options(wire(options))).toEqual([]);
        let state = definition.setup({ seats, options, seed: `published-${id}-${round}` });
        for (let step = 0; definition.outcome(state) === null; step++) {
          if (step > 20_000) throw new Error(`${id}: no end`);
          for (const viewer of [...Array.from({ length: seats }, (_, seat) => seat), null]) {
            expect(check.view(wire(definition.view(state, viewer))), `${id} step ${step} view of ${viewer}`).toEqual([]);
          }
          const seat = definition.activeSeats(state)[0]!;
          for (const action of definition.legalActions(state, seat)) expect(check.action(wire(action)), JSON.stringify(action)).toEqual([]);
          const applied = definition.apply(state, seat, chooseBotAction(definition, 'random', state, seat, `${round}/${step}`));
          if (isRuleError(applied)) throw new Error(applied.message);
          state = applied.state;
        }
        expect(check.result(wire(definition.outcome(state)))).toEqual([]);
        for (const viewer of [0, null]) expect(check.view(wire(definition.view(state, viewer)))).toEqual([]);
      }
    });
  }
});
