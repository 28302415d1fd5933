import { api, ApiError, unwrap, type Problem } from '../api/client';
import { getSession } from '../api/session';
import type { components } from '../api/openapi';
import { gameTitle } from '../games';
import { gameName as sharedGameName, type SeatLike } from '../../../src/shared/game-names';
import { playerName } from '../games/names';
import type { GameAction } from '../games/types';
import { t, tr } from '../i18n';

/** The API's shapes the player pages use (generated from openapi/openapi.json). */
export type GameDetail = components['schemas']['GameDetailBase'];
export type GameSummary = components['schemas']['GameSummaryBase'];
/** One page of a game list, its games read through their common fields. */
export interface GamePage {
  total: number;
  games: GameSummary[];
}
export type PlayerEvent = components['schemas']['PlayerEvent'];
export type UndoRequest = components['schemas']['UndoRequest'];
export type TimeControl = components['schemas']['TimeControl'];
export type SeatInfo = GameDetail['seats'][number];

export const loadGame = (id: string) => unwrap(api.GET('/v1/games/{id}', { params: { path: { id } } })) as Promise<GameDetail>;

export async function loadLegal(id: string): Promise<{ version: number; actions: GameAction[] }> {
  const answer = await unwrap(api.GET('/v1/games/{id}/legal-actions', { params: { path: { id } } }));
  return { version: answer.version, actions: answer.actions as GameAction[] };
}

/** Every event after `after` the caller may read (pages of 500). */
export async function loadLog(id: string, after: number): Promise<PlayerEvent[]> {
  const events: PlayerEvent[] = [];
  for (;;) {
    const page = await unwrap(api.GET('/v1/games/{id}/log', { params: { path: { id }, query: { after, limit: 500 } } }));
    events.push(...page.events);
    if (page.events.length < 500) return events;
    after = page.events[page.events.length - 1]!.seq;
  }
}

/** The body of a move: the published type pairs each game type with its own actions; the app's pages hold actions of any game. */
type Move = components['schemas']['UrbanizationMove'] | components['schemas']['ConstructionYardMove'] | components['schemas']['GuildTownMove'] | components['schemas']['MilestoneCityMove'];

export function submitAction(id: string, gameType: string, action: GameAction, expectedVersion: number) {
  return unwrap(api.POST('/v1/games/{id}/actions', { params: { path: { id } }, body: { gameType, action, expectedVersion } as Move }));
}

/** One step of a finished game as the caller's seat saw it (the public view for others). */
export interface ReplayStep {
  at: number;
  version: number;
  /** The seat whose view this is (null: the public view). */
  seat: number | null;
  view: unknown;
  /** The log lines that seat could read up to `at`, each with its event's seq. */
  log: { seq: number; message: string }[];
}

/**
 * GET /v1/games/:id/replay?at=N. Not in the generated types yet when this was written, so a plain
 * fetch with the session's token and the same problem handling as the typed client.
 */
export async function loadReplay(id: string, at: number): Promise<ReplayStep> {
  const session = getSession();
  const response = await fetch(`/v1/games/${encodeURIComponent(id)}/replay?at=${at}`, { headers: session ? { Authorization: `Bearer ${session.token}` } : {} });
  const body = (await response.json().catch(() => ({}))) as unknown;
  if (!response.ok) throw new ApiError(response.status, body as Problem);
  return body as ReplayStep;
}

/** How the creator fills a seat (PUT /v1/games/:id/seats/:seat); `bot` names one of the game type's `botLevels`. */
export type SeatFill = { fill: 'open' } | { fill: 'bot'; bot: string } | { fill: 'reserved'; username: string };
export const SEAT_FILLS: { value: SeatFill['fill']; label: string }[] = [
  { value: 'open', label: t('pages.seatFill.open') },
  { value: 'bot', label: t('pages.seatFill.bot') },
  { value: 'reserved', label: t('pages.seatFill.reserved') },
];

type CreateBody = { type: string; seats: number; options?: Record<string, unknown>; private?: boolean; rated?: boolean; timeControl?: TimeControl; clientSeed?: string };

/**
 * POST /v1/games (you take seat 0), then each other seat arranged as `fills[seat]` says (bots and
 * invitations; open seats are left as they are). Used by the new-game form and the rematch.
 */
export async function createArrangedGame(body: CreateBody, fills: readonly (SeatFill | undefined)[]): Promise<GameDetail> {
  let game = (await unwrap(api.POST('/v1/games', { body }))) as GameDetail;
  for (let seat = 1; seat < body.seats; seat++) {
    const fill = fills[seat];
    if (!fill || fill.fill === 'open') continue;
    game = (await unwrap(api.PUT('/v1/games/{id}/seats/{seat}', { params: { path: { id: game.id, seat } }, body: fill }))) as GameDetail;
  }
  return game;
}

/**
 * A rematch of a finished game, as the player in seat `you` asks for it: the same type, options,
 * privacy, rating and clock (the newest rules); `you` in seat 0, then the others in their old order,
 * each person invited (a seat reserved for them: they see the invitation in their lobby and by
 * mail) and each bot back at its level. A seat whose player left (none) stays open.
 */
export function rematchOf(game: GameDetail, you: number, clientSeed: string): { body: CreateBody; fills: SeatFill[] } {
  const others = game.seats.filter((seat) => seat.seat !== you).sort((a, b) => a.seat - b.seat);
  const fills: SeatFill[] = [{ fill: 'open' }, ...others.map((seat): SeatFill => (seat.username ? { fill: 'reserved', username: seat.username } : seat.bot ? { fill: 'bot', bot: seat.bot } : { fill: 'open' }))];
  const body: CreateBody = {
    type: game.type, seats: game.seatCount, options: (game.options ?? {}) as Record<string, unknown>, private: game.private, rated: game.rated, timeControl: game.timeControl, clientSeed,
  };
  return { body, fills };
}

/** Who sits in a seat: "ann", "Random bot", "open seat", "reserved for bob"; "(resigned)" after. */
export function seatName(seat: SeatInfo): string {
  const who = seat.username ?? (seat.bot ? playerName(seat, seat.seat, tr) : seat.reservedFor ? t('pages.seat.reservedFor', { name: seat.reservedFor }) : t('pages.seat.open'));
  return seat.resigned ? t('pages.seat.resigned', { name: who }) : who;
}

/** "3 days", "12 hours", "90 minutes", "45 seconds": a clock's length in the largest whole unit. */
export function duration(seconds: number): string {
  const units: [number, 'days' | 'hours' | 'minutes' | 'seconds'][] = [[86400, 'days'], [3600, 'hours'], [60, 'minutes'], [1, 'seconds']];
  const [size, unit] = units.find(([size]) => seconds >= size && seconds % size === 0) ?? [1, 'seconds'];
  return t(`pages.length.${unit}`, { n: seconds / size });
}

export function describeTimeControl(tc: TimeControl): string {
  if (tc.kind === 'per-move') return t('pages.timeControl.perMove', { time: duration(tc.moveSeconds) });
  if (tc.kind === 'budget') return t('pages.timeControl.budget', { initial: duration(tc.initialSeconds), increment: duration(tc.incrementSeconds) });
  return t('pages.timeControl.none');
}

/** A game as players name it, by its type and players ("Guild town with ann, bob"), not its id (src/shared/game-names.ts). */
export const gameName = (game: { type: string; seats: readonly SeatLike[] }): string => sharedGameName(gameTitle(game.type), game.seats, tr);
