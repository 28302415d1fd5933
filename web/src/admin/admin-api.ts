import { api, unwrap } from '../api/client';
import type { paths } from '../api/openapi';

/**
 * The admin inspector's calls to /v1/admin/* (one home: pages call these, never paths), typed by
 * the generated OpenAPI types (api/openapi.d.ts): the shapes below are the API's own.
 */
type Answer<P extends keyof paths, M extends 'get' | 'post'> = paths[P][M] extends { responses: { 200: { content: { 'application/json': infer T } } } } ? T : never;

// openapi-typescript drops `type` from an intersection with the discriminated GameSummary
// (Omit<GameSummary, "type">); every game has it.
type WithType<T> = T & { type: string };
type GameList = Answer<'/v1/admin/games', 'get'>;
export type GameListItem = WithType<GameList['items'][number]>;
export type GamePage = Pick<GameList, 'total' | 'totalCapped' | 'limit' | 'offset'> & { items: GameListItem[] };
export type GameFilters = NonNullable<paths['/v1/admin/games']['get']['parameters']['query']>;
export type GameStatus = GameListItem['status'];
export type LastVerify = NonNullable<GameListItem['lastVerify']>;
export type VerifyVerdict = Answer<'/v1/admin/games/{id}/verify', 'post'>;

/** Everything about one game, with its timeline (every event, every log line). */
export type AdminGame = WithType<Answer<'/v1/admin/games/{id}', 'get'>>;
export type TimelineEvent = AdminGame['events'][number];
export type SeatDetail = AdminGame['seatsDetail'][number];
export type AdminUser = Answer<'/v1/admin/users', 'get'>['items'][number];
export type ImportedGame = paths['/v1/admin/games/import']['post']['responses'][201]['content']['application/json'];

/** What the inspector shows at one point: the full state, or one seat's (or the public) view. */
export type Viewpoint = 'full' | 'public' | number;

export interface Snapshot {
  at: number;
  viewpoint: Viewpoint;
  /** The full state, or the seat's view. */
  value: unknown;
  /** For a seat's view: the log lines that seat could read up to `at`. */
  log: { seq: number; message: string }[] | null;
}

export async function searchGames(filters: GameFilters): Promise<GamePage> {
  const { items, total, totalCapped, limit, offset } = await unwrap(api.GET('/v1/admin/games', { params: { query: filters } }));
  return { items: items as GameListItem[], total, totalCapped, limit, offset };
}

export async function getGame(id: string): Promise<AdminGame> {
  return (await unwrap(api.GET('/v1/admin/games/{id}', { params: { path: { id } } }))) as AdminGame;
}

export async function snapshotAt(id: string, at: number, viewpoint: Viewpoint): Promise<Snapshot> {
  const query = viewpoint === 'full' ? { at } : { at, seat: viewpoint };
  const answer = await unwrap(api.GET('/v1/admin/games/{id}/state', { params: { path: { id }, query } }));
  return viewpoint === 'full' ? { at, viewpoint, value: answer.state, log: null } : { at, viewpoint, value: answer.view, log: (answer.log ?? []).map(({ seq, message }) => ({ seq, message })) };
}

/**
 * States fetched on demand and kept: stepping back and forth (and each diff's "previous" state)
 * asks the server once per point and viewpoint, never for the whole game up front.
 */
export function snapshotCache(id: string) {
  const cache = new Map<string, Promise<Snapshot>>();
  return (at: number, viewpoint: Viewpoint): Promise<Snapshot> => {
    const key = `${viewpoint}@${at}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = snapshotAt(id, at, viewpoint);
      // A failure is not kept: asking again retries.
      entry.catch(() => cache.delete(key));
      cache.set(key, entry);
    }
    return entry;
  };
}

export async function verifyGame(id: string): Promise<VerifyVerdict> {
  return unwrap(api.POST('/v1/admin/games/{id}/verify', { params: { path: { id } } }));
}

export async function exportGame(id: string): Promise<unknown> {
  return unwrap(api.GET('/v1/admin/games/{id}/export', { params: { path: { id } } }));
}

export async function importGame(record: unknown): Promise<ImportedGame> {
  return unwrap(api.POST('/v1/admin/games/import', { body: record as never }));
}

/** Ends a running game without a result; `reason` goes into its log. */
export async function abortGame(id: string, reason?: string): Promise<void> {
  await unwrap(api.POST('/v1/admin/games/{id}/abort', { params: { path: { id } }, body: reason ? { reason } : {} }));
}

/** A bot takes the seat now (`bot` omitted: the server's default for the game). */
export async function seatToBot(id: string, seat: number, bot?: string): Promise<void> {
  await unwrap(api.POST('/v1/admin/games/{id}/seats/{seat}/bot', { params: { path: { id, seat } }, body: bot ? { bot } : {} }));
}

export async function searchUsers(q: string, limit: number, offset: number): Promise<Answer<'/v1/admin/users', 'get'>> {
  return unwrap(api.GET('/v1/admin/users', { params: { query: { ...(q ? { q } : {}), limit, offset } } }));
}

export async function disableUser(id: string): Promise<void> {
  await unwrap(api.POST('/v1/admin/users/{id}/disable', { params: { path: { id } } }));
}

export async function enableUser(id: string): Promise<void> {
  await unwrap(api.POST('/v1/admin/users/{id}/enable', { params: { path: { id } } }));
}
