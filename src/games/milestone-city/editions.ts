import { EDITION_V1, MILESTONE_COUNT, PIECES, TILES, type CardKind, type EditionData, type Stage } from './data.js';
import { EDITION_V2 } from './edition-v2.js';

/**
 * The edition a game plays with is its rules version's data choice: the version's profile
 * `{ edition: N }` (versions.ts) is recorded as `state.rules`, and every rule reads its numbers through
 * `editionOf(state)`. A state without a profile is a game of the first edition, so states and
 * hashes of games started before editions existed are unchanged.
 */

/** An edition with the lookups rules need, derived once (resolveEdition). */
export interface Edition extends EditionData {
  id: number;
  /** Card ids of each stage, in deck-building order. */
  stageCards: Readonly<Record<Stage, readonly string[]>>;
  /** The kind of every card id of this edition. */
  kinds: ReadonlyMap<string, CardKind>;
  /** The general supply at setup, indexed like TILES. */
  supply: readonly number[];
}

export function resolveEdition(id: number, data: EditionData): Edition {
  if (data.milestones.length !== MILESTONE_COUNT || data.pieceCosts.length !== PIECES.length) throw new Error(`milestone-city edition ${id}: malformed`);
  const idsOf = (stage: Stage): string[] =>
    data.cards.filter((kind) => kind.stage === stage).flatMap((kind) => Array.from({ length: kind.count }, (_, i) => `${kind.kind}-${i + 1}`));
  const kinds = new Map<string, CardKind>();
  for (const kind of data.cards) for (let i = 1; i <= kind.count; i++) kinds.set(`${kind.kind}-${i}`, kind);
  const supply = TILES.map((tile) =>
    tile.category === 'building'
      ? data.cards.filter((card) => card.type !== 'zone' && card.tile === tile.id).reduce((sum, card) => sum + card.count, 0)
      : (data.zoneTiles[tile.id] ?? 0),
  );
  return { ...data, id, stageCards: { 1: idsOf(1), 2: idsOf(2) }, kinds, supply };
}

export const EDITIONS: ReadonlyMap<number, Edition> = new Map([
  [1, resolveEdition(1, EDITION_V1)],
  [2, resolveEdition(2, EDITION_V2)],
]);

/** What a state records about its rules (absent for first-edition games). */
export interface EditionProfile {
  edition?: number;
  /** Version 3: the kernel's reveal guard judges take-backs too (engine/reveals.ts). */
  revealsIrreversible?: boolean;
}

export function editionOf(state: { rules?: EditionProfile }): Edition {
  const id = state.rules?.edition ?? 1;
  const edition = EDITIONS.get(id);
  if (!edition) throw new Error(`milestone-city: unknown edition ${id}`);
  return edition;
}

/** The kind of a card id in this game's edition, or undefined for an id the edition does not have. */
export const cardKind = (state: { rules?: EditionProfile }, cardId: string): CardKind | undefined => editionOf(state).kinds.get(cardId);
