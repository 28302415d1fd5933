import { ServiceError } from '../errors.js';

/**
 * Relay cursor connections (`edges { cursor node }`, `pageInfo`, `totalCount`, `first`/`after`)
 * over what the services answer. Cursors are opaque to clients: base64url of `<kind>:<number>`,
 * where the number is a position in an ordered list (`offset`) or an event's `seq` (stable while
 * a game's log grows). Only forward paging: `hasPreviousPage` says whether items come before.
 */
type CursorKind = 'offset' | 'seq';

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  totalCount: number;
}

const encode = (kind: CursorKind, position: number) => Buffer.from(`${kind}:${position}`).toString('base64url');

const invalid = (message: string) => new ServiceError(400, 'VALIDATION_FAILED', message);

/** The position a cursor of this kind stands for; a cursor of another list, or no cursor at all, is refused. */
function decode(kind: CursorKind, cursor: string): number {
  const match = /^(offset|seq):(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || match[1] !== kind) throw invalid('`after` is not a cursor of this list: pass an edge\'s `cursor` or `pageInfo.endCursor` as received.');
  return Number(match[2]);
}

/** `first` within 1..max, as REST checks `limit`. */
export function checkFirst(first: number, max: number): number {
  if (!Number.isInteger(first) || first < 1 || first > max) throw invalid(`first is 1 to ${max}.`);
  return first;
}

/** The offset page `first`/`after` ask for, for services that page by limit and offset. */
export function offsetPage(first: number, after: string | null | undefined, max: number): { limit: number; offset: number } {
  return { limit: checkFirst(first, max), offset: after == null ? 0 : decode('offset', after) + 1 };
}

/** A connection over one offset page of a list of `total` items. */
export function offsetConnection<T>(nodes: T[], offset: number, total: number): Connection<T> {
  const edges = nodes.map((node, i) => ({ cursor: encode('offset', offset + i), node }));
  return {
    edges,
    pageInfo: { hasNextPage: offset + nodes.length < total, hasPreviousPage: offset > 0, startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null },
    totalCount: total,
  };
}

/** The `seq` after which a page of a game's events starts. */
export const afterSeq = (after: string | null | undefined): number => (after == null ? 0 : decode('seq', after));

/** A connection over a page of a game's events: their seq numbers run 1..count without gaps. */
export function eventConnection<T extends { seq: number }>(nodes: T[], after: number, count: number): Connection<T> {
  const edges = nodes.map((node) => ({ cursor: encode('seq', node.seq), node }));
  const last = nodes.at(-1)?.seq ?? after;
  return {
    edges,
    pageInfo: { hasNextPage: last < count, hasPreviousPage: after > 0, startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null },
    totalCount: count,
  };
}
