import type { LogKeySpec } from '../../shared/i18n/log.js';

/**
 * Every log key this game's engine writes (all rules versions), with what each argument is
 * (src/shared/i18n/log.ts). The catalog has `milestone-city.log.<key>` for each, in every language; the API's
 * types for this game's log entries are made from this table.
 * Terms: `card.<kind>` (a construction card), `tile.<tile id>`, `piece.<A-F>`, `service.<service>`,
 * `milestone.<1-4>` (in order), `orientation.<1-7>` (how a tile is turned).
 */
export const logKeys = {
  draw: { player: 'seat', card: 'term' },
  choosePiece: { player: 'seat', cost: 'number', piece: 'term' },
  play: { player: 'seat', card: 'term' },
  cancel: { player: 'seat', card: 'term' },
  chooseTile: { player: 'seat', tile: 'term', card: 'term' },
  keepTile: { player: 'seat', tile: 'term' },
  turnTile: { player: 'seat', tile: 'term', orientation: 'term' },
  build: { player: 'seat', card: 'term', tile: 'term' },
  buildService: { player: 'seat', card: 'term', tile: 'term', service: 'term' },
  exchange: { player: 'seat', card: 'term' },
  pass: { player: 'seat' },
  outOfCards: {},
  endMilestone: { player: 'seat', milestone: 'term', taxes: 'number' },
  won: {},
  stageTwo: {},
  bankrupt: {},
  starter: { player: 'seat', milestone: 'term' },
} as const satisfies LogKeySpec;
