import { Type, type Static } from '@sinclair/typebox';
import { CHARACTERS, INVENTIONS } from './data.js';

const strict = { additionalProperties: false } as const;
const Territory = Type.Integer({ minimum: 0, maximum: 23 });
const GroundIndex = Type.Integer({ minimum: 0, maximum: 1 });
const SlotIndex = Type.Integer({ minimum: 0, maximum: 2 });
const Count = Type.Integer({ minimum: 0, maximum: 45 });

export const optionsSchema = Type.Object(
  { inventions: Type.Boolean({ default: false, description: 'Play with the Inventions expansion.' }) },
  { additionalProperties: false },
);

export const actionSchema = Type.Union([
  Type.Object({ type: Type.Literal('place'), territory: Territory }, strict),
  Type.Object({ type: Type.Literal('movePrice'), territory: Territory }, strict),
  Type.Object({ type: Type.Literal('hire'), character: Type.Union(CHARACTERS.map((id) => Type.Literal(id))) }, strict),
  Type.Object({ type: Type.Literal('pass') }, strict),
  Type.Object({ type: Type.Literal('done') }, strict),
  Type.Object({ type: Type.Literal('buyLand'), territory: Territory, broker: Type.Boolean() }, strict),
  Type.Object({ type: Type.Literal('swapPrice'), territory: Territory }, strict),
  Type.Object(
    {
      type: Type.Literal('erect'),
      building: Type.Union([Type.Literal('house'), Type.Literal('skyscraper'), Type.Literal('admin')]),
      territory: Territory,
      ground: GroundIndex,
      architect: Type.Boolean(),
    },
    strict,
  ),
  Type.Object({ type: Type.Literal('buyGrain'), source: Type.Integer({ minimum: 0, maximum: 4 }) }, strict),
  Type.Object({ type: Type.Literal('sellGrain') }, strict),
  Type.Object({ type: Type.Literal('millWorker') }, strict),
  Type.Object({ type: Type.Literal('sow'), territory: Territory, ground: GroundIndex }, strict),
  Type.Object({ type: Type.Literal('sowFarmer') }, strict),
  Type.Object({ type: Type.Literal('takeOrders'), slot: SlotIndex, foreman: Type.Boolean() }, strict),
  Type.Object({ type: Type.Literal('attractIndustry'), slot: SlotIndex, industryBoss: Type.Boolean() }, strict),
  Type.Object({ type: Type.Literal('placeFactory'), territory: Territory, ground: GroundIndex }, strict),
  Type.Object({ type: Type.Literal('produce'), factory: Type.Integer({ minimum: 0, maximum: 5 }) }, strict),
  Type.Object(
    { type: Type.Literal('produceUnion'), factory: Type.Integer({ minimum: 0, maximum: 5 }), white: Count, grey: Count, orange: Count },
    strict,
  ),
  Type.Object({ type: Type.Literal('collectTaxes'), taxCollector: Type.Boolean() }, strict),
  Type.Object(
    {
      type: Type.Literal('acquireInvention'),
      /** Index into your invention markers, or -1 to bring a new action marker onto the track. */
      marker: Type.Integer({ minimum: -1, maximum: 9 }),
      space: Type.Integer({ minimum: 0, maximum: 8 }),
      professor: Type.Boolean(),
    },
    strict,
  ),
  Type.Object({ type: Type.Literal('takeInvention'), invention: Type.Union(INVENTIONS.map((card) => Type.Literal(card.id))) }, strict),
  Type.Object({ type: Type.Literal('removeInventionMarker'), marker: Type.Integer({ minimum: 0, maximum: 9 }) }, strict),
  Type.Object({ type: Type.Literal('steamEngine'), exchange: Type.Boolean() }, strict),
]);

export type UrbanizationAction = Static<typeof actionSchema>;
export type ActionOf<T extends UrbanizationAction['type']> = Extract<UrbanizationAction, { type: T }>;
