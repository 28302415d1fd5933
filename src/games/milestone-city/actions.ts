import { Type, type Static } from '@sinclair/typebox';
import { MILESTONE_COUNT, PIECES } from './data.js';
import { HEIGHT, WIDTH } from './board.js';

const strict = { additionalProperties: false } as const;
const cardId = Type.String({ minLength: 1, maxLength: 40 });

export const optionsSchema = Type.Object(
  { milestones: Type.Integer({ minimum: 1, maximum: MILESTONE_COUNT, default: MILESTONE_COUNT, description: 'Milestones to reach for a victory' }) },
  strict,
);

export const actionSchema = Type.Union([
  /** The starting player's final word: which board piece to pay for and flip. */
  Type.Object({ type: Type.Literal('choosePiece'), piece: Type.Integer({ minimum: 0, maximum: PIECES.length - 1 }) }, strict),
  /** Slide a construction card forward (then tile, orientation and square follow). */
  Type.Object({ type: Type.Literal('play'), card: cardId }, strict),
  /** Zone cards: which tile of the card's category to take from the supply. */
  Type.Object({ type: Type.Literal('chooseTile'), tile: Type.String({ minLength: 1, maxLength: 20 }) }, strict),
  /** How to turn the tile: 0–3 rotations by a quarter turn, 4–7 the same turned over. */
  Type.Object({ type: Type.Literal('orient'), orientation: Type.Integer({ minimum: 0, maximum: 7 }) }, strict),
  /** Where the top-left corner of the tile's footprint goes. */
  Type.Object({ type: Type.Literal('place'), x: Type.Integer({ minimum: 0, maximum: WIDTH - 1 }), y: Type.Integer({ minimum: 0, maximum: HEIGHT - 1 }) }, strict),
  /** Take the slid-forward card back. */
  Type.Object({ type: Type.Literal('cancel') }, strict),
  Type.Object({ type: Type.Literal('exchange'), card: cardId }, strict),
  Type.Object({ type: Type.Literal('endMilestone') }, strict),
  /** Only once the draw pile is empty. */
  Type.Object({ type: Type.Literal('pass') }, strict),
]);

export type MilestoneCityAction = Static<typeof actionSchema>;
