import { Type, type Static } from '@sinclair/typebox';

/**
 * Actions carry positions and values, never money card ids: a hand's ids stay in the hand's owner's view.
 *  - takeMoney: the face-up money cards at these display positions (one card, or several totalling at most 5).
 *  - buy: start buying the building at this yard position (two players: toNeutral gives it to the neutral collector).
 *  - pay: pay one card of this value in the position's currency towards the purchase under way.
 *  - cancel: give up the purchase under way; the cards paid so far go back to the hand.
 *  - pass: only when neither taking money nor buying is possible.
 */
export const actionSchema = Type.Union([
  Type.Object(
    { type: Type.Literal('takeMoney'), slots: Type.Array(Type.Integer({ minimum: 0, maximum: 3 }), { minItems: 1, maxItems: 4, uniqueItems: true }) },
    { additionalProperties: false },
  ),
  Type.Object(
    { type: Type.Literal('buy'), slot: Type.Integer({ minimum: 0, maximum: 3 }), toNeutral: Type.Optional(Type.Boolean()) },
    { additionalProperties: false },
  ),
  Type.Object({ type: Type.Literal('pay'), value: Type.Integer({ minimum: 1, maximum: 9 }) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('cancel') }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('pass') }, { additionalProperties: false }),
]);

export type CYAction = Static<typeof actionSchema>;

export const optionsSchema = Type.Object({}, { additionalProperties: false, default: {} });
export type CYOptions = Static<typeof optionsSchema>;
