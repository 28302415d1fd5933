import { Type, type Static } from '@sinclair/typebox';

const closed = { additionalProperties: false } as const;
const Int = (minimum = 0, maximum = 1000) => Type.Integer({ minimum, maximum });
const Row = Type.Union([Type.Literal('basic'), Type.Literal('expanded'), Type.Literal('advanced')]);

/** Where a produced good goes. `store.take`: 0/1 = that face-up money card, 2 = the top of the money deck. */
export const TargetSchema = Type.Union([
  Type.Object({ kind: Type.Literal('market') }, closed),
  Type.Object({ kind: Type.Literal('slot'), building: Int(0, 40), slot: Int(0, 3) }, closed),
  Type.Object({ kind: Type.Literal('store'), take: Int(0, 2) }, closed),
  Type.Object({ kind: Type.Literal('ship'), ship: Int(0, 3), bribe: Type.Optional(Int(0, 47)) }, closed),
  Type.Object({ kind: Type.Literal('lost') }, closed),
]);
export type Target = Static<typeof TargetSchema>;

export const actionSchema = Type.Union([
  // Before play
  Type.Object({ type: Type.Literal('swap'), card: Int(0, 100), with: Type.Optional(Int(0, 100)) }, closed),
  Type.Object({ type: Type.Literal('noSwap') }, closed),
  // Helpers phase
  Type.Object(
    {
      type: Type.Literal('send'),
      guild: Int(0, 5),
      space: Int(0, 2),
      pay: Type.Optional(Type.Union([Type.Literal('card'), Type.Literal('points')])),
      card: Type.Optional(Int(0, 47)),
    },
    closed,
  ),
  Type.Object({ type: Type.Literal('resign') }, closed),
  // Any guild turn
  Type.Object({ type: Type.Literal('done') }, closed),
  Type.Object({ type: Type.Literal('workToken') }, closed),
  Type.Object({ type: Type.Literal('pay'), card: Int(0, 47) }, closed),
  // Version 5: give up the notary purchase under way (the cards paid so far go back to the hand)
  Type.Object({ type: Type.Literal('cancel') }, closed),
  // Bankers
  Type.Object({ type: Type.Literal('bankTake'), slot: Int(0, 1) }, closed),
  Type.Object({ type: Type.Literal('bankDraw') }, closed),
  Type.Object({ type: Type.Literal('bankPrivilege') }, closed),
  Type.Object({ type: Type.Literal('discard'), card: Int(0, 47) }, closed),
  // Builders
  Type.Object({ type: Type.Literal('raise'), card: Int(0, 100), side: Type.Union([Type.Literal('left'), Type.Literal('right')]), privilege: Type.Boolean() }, closed),
  Type.Object({ type: Type.Literal('buildDone') }, closed),
  // Notary
  Type.Object({ type: Type.Literal('buy'), row: Row, slot: Int(0, 1) }, closed),
  Type.Object({ type: Type.Literal('auction'), row: Row, slot: Int(0, 1) }, closed),
  Type.Object({ type: Type.Literal('bid'), amount: Int(1, 500) }, closed),
  Type.Object({ type: Type.Literal('fold') }, closed),
  Type.Object({ type: Type.Literal('look'), row: Row }, closed),
  Type.Object({ type: Type.Literal('keep'), card: Int(0, 100) }, closed),
  // Craftsmen (and work tokens anywhere)
  Type.Object({ type: Type.Literal('craftPrivilege') }, closed),
  Type.Object({ type: Type.Literal('produceRaw'), building: Int(0, 40), to: TargetSchema }, closed),
  Type.Object({ type: Type.Literal('trade'), building: Int(0, 40), slot: Int(0, 3) }, closed),
  Type.Object({ type: Type.Literal('produceHalf'), building: Int(0, 40), to: TargetSchema }, closed),
  Type.Object({ type: Type.Literal('produceFinal'), building: Int(0, 40), to: TargetSchema }, closed),
  // Traders
  Type.Object({ type: Type.Literal('buyHalf'), good: Int(0, 6), building: Int(0, 40), slot: Int(0, 3), card: Type.Optional(Int(0, 47)) }, closed),
  // Town hall
  Type.Object({ type: Type.Literal('hall'), choice: Type.Union([Type.Literal('privilege'), Type.Literal('work'), Type.Literal('order')]) }, closed),
  // Year end
  Type.Object({ type: Type.Literal('invest'), cards: Type.Array(Int(0, 47), { minItems: 4, maxItems: 4 }) }, closed),
  Type.Object({ type: Type.Literal('investDone') }, closed),
]);

export type GuildTownAction = Static<typeof actionSchema>;
