import { Kind, Type, TypeRegistry } from '@sinclair/typebox';
import { IMPORT_MAX_EVENTS } from '../services/admin-records.js';
import { CLIENT_SEED_PATTERN } from '../engine/deal.js';
import { EARLIER_FORMATS, RECORD_FORMAT } from '../services/record.js';
import { EventKind, GameStatus, MAX_SEQ } from './schemas.js';

/**
 * An integer from `minimum` to `maximum`, or null, as ONE JSON Schema type list, not a union: the
 * request validator (Ajv) coerces types, and in a union its integer branch read null as 0 (seat 0).
 * The kind of its own lets TypeBox's compiler (GraphQL's check, engine/schema.ts) check it too:
 * it knows no `Unsafe` type and threw on the record.
 */
TypeRegistry.Set<{ minimum: number; maximum: number }>('IntegerOrNull', (schema, value) =>
  value === null || (typeof value === 'number' && Number.isInteger(value) && value >= schema.minimum && value <= schema.maximum));
const integerOrNull = (minimum: number, maximum: number) => Type.Unsafe<number | null>({ [Kind]: 'IntegerOrNull', type: ['integer', 'null'], minimum, maximum });

/** The portable game record (services/record.ts) as the API sends it and as an import takes it. */
const recordSeat = Type.Object({
  seat: Type.Integer({ minimum: 0, maximum: 15 }),
  username: Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()], { description: 'The account that held the seat (null: nobody, e.g. a bot from the start)' }),
  bot: Type.Union([Type.String({ minLength: 1, maxLength: 32 }), Type.Null()], { description: 'The bot playing the seat at the end, if any' }),
}, { additionalProperties: false });
const anyObject = (description: string) => Type.Record(Type.String(), Type.Unknown(), { description });

export const GameRecordSchema = Type.Object({
  format: Type.Literal(RECORD_FORMAT),
  id: Type.String({ format: 'uuid', description: 'The game on the server that wrote the record' }),
  type: Type.String(), rulesVersion: Type.Integer(), seatCount: Type.Integer(),
  options: anyObject('The options the game was created with'),
  seedCommitment: Type.String({ description: 'SHA-256 (hex) of `seed`, published from creation' }), seed: Type.String({ description: 'The server seed' }),
  seedDerivation: Type.Integer({ minimum: 1, description: 'How the deal seed comes from `seed` and `clientSeeds` (docs/fairness.md); 1 when absent' }),
  clientSeeds: Type.Union([Type.Array(Type.Union([Type.String(), Type.Null()])), Type.Null()], { description: 'Per seat, in seat order, the client seed its player gave (null: none); null for seed derivation 1' }),
  seats: Type.Array(recordSeat),
  timeControl: Type.Ref('TimeControl'),
  status: GameStatus,
  importedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When an admin imported the game here from a record (null: played here). Its seedCommitment was published then, after the deal was known: the verifier\'s verdict is `commitment-after-deal`, never `fair` (docs/fairness.md §6)' }),
  events: Type.Array(Type.Object({
    seq: Type.Integer(), kind: EventKind, seat: Type.Union([Type.Integer(), Type.Null()]), undoesSeq: Type.Union([Type.Integer(), Type.Null()]),
    action: anyObject('The action as submitted'), at: Type.String({ format: 'date-time' }),
  })),
  finalStateHash: Type.String({ description: 'SHA-256 of the canonical JSON of the final state' }),
  result: Type.Unsafe<unknown>({ description: 'The outcome: scores, winners, ranking (null: not over, or aborted)' }),
}, { $id: 'GameRecord', description: `A portable game record (format \`${RECORD_FORMAT}\`): everything needed to replay the game and what it must come to` });

/**
 * What an import takes (REST body, and the GraphQL `record` argument checked against it): a record as exported; `id`, `seatCount`, `seedCommitment`, `status`, `result`, `finalStateHash`, event `kind`/`undoesSeq`/`at` may be left out. */
export const RecordImportBody = Type.Object({
  format: Type.Union([Type.Literal(RECORD_FORMAT), Type.Literal(EARLIER_FORMATS[0]), Type.Literal(EARLIER_FORMATS[1])], { description: `\`${EARLIER_FORMATS[0]}\`: a record from before \`importedAt\`; \`${EARLIER_FORMATS[1]}\`: from before client seeds (seed derivation 1)` }),
  id: Type.Optional(Type.String({ maxLength: 100 })),
  type: Type.String({ maxLength: 64 }),
  rulesVersion: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  seatCount: Type.Optional(Type.Integer({ minimum: 1, maximum: 16 })),
  options: anyObject('The options the game was created with'),
  seed: Type.String({ minLength: 1, maxLength: 200 }),
  seedCommitment: Type.Optional(Type.String({ maxLength: 64 })),
  seedDerivation: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 })),
  // Null first: the validator's type coercion would turn a null into [null] trying the array first.
  clientSeeds: Type.Optional(Type.Union([Type.Null(), Type.Array(Type.Union([Type.Null(), Type.String({ pattern: CLIENT_SEED_PATTERN, maxLength: 64 })]), { maxItems: 16 })])),
  seats: Type.Array(recordSeat, { minItems: 1, maxItems: 16 }),
  timeControl: Type.Optional(Type.Unknown({ description: 'A TimeControl (default: none)' })),
  status: Type.Optional(GameStatus),
  importedAt: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 40 })], { description: 'Ignored: an imported game is imported, whatever its record says (its new importedAt is now)' })),
  events: Type.Array(Type.Object({
    seq: Type.Integer({ minimum: 1, maximum: MAX_SEQ }),
    kind: Type.Optional(EventKind),
    seat: integerOrNull(0, 15),
    undoesSeq: Type.Optional(integerOrNull(1, MAX_SEQ)),
    action: anyObject('The action as submitted'),
    at: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T', maxLength: 40, description: 'ISO 8601 date and time' })),
  }, { additionalProperties: false }), { maxItems: IMPORT_MAX_EVENTS }),
  finalStateHash: Type.Optional(Type.String({ maxLength: 64 })),
  result: Type.Optional(Type.Unknown()),
}, { additionalProperties: false });
