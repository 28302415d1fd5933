import type { Page } from 'playwright-core';
import { canonicalJson } from '../../src/engine/canonical.js';
import { isRuleError, type AnyGameDefinition } from '../../src/engine/types.js';
import { findGame } from '../../src/store/games.js';
import type { TestApp } from './api.js';
import { seeded, waitForVersion } from './play-browser.js';

/**
 * A whole game played to its end, most of it through the API and a sample of it by clicking in the
 * players' pages (test/web/play-to-end.browser.test.ts). Before playing, the test plans the rest of
 * the game: the engine is pure and its randomness lives in the state (engine/types.ts), so the game's
 * current state from the database, played forward with the same seeded choices, says exactly which
 * moves follow and which one ends it. The plan marks the moves made by clicking: the first few, the
 * first move of every action type the seat is offered (the plan prefers a type no click has made yet,
 * so every kind of decision the game offers on its way is made once with the page's buttons), and
 * the last few, the one that ends the game among them.
 */

export interface Action {
  type: string;
  [key: string]: unknown;
}

export type ClickReason = 'opening' | 'new action type' | 'ending';

export interface PlannedMove {
  seat: number;
  action: Action;
  /** Every action the seat may take there, as GET /v1/games/:id/legal-actions lists them. */
  legal: Action[];
  /** Why this move is made by clicking; null: through the API. */
  click: ClickReason | null;
}

export interface PlanOptions {
  /** Moves clicked from the first of the plan (the game's opening). */
  opening: number;
  /** Moves clicked at the end of the plan (the last one ends the game). */
  ending: number;
  /** Action types already made by clicking (never steered towards again). */
  clicked: ReadonlySet<string>;
  /** The seeded choice among the legal actions (`seeded(seed)`); `first` takes each seat's first legal action. */
  seed: number | 'first';
  /** false: no steering towards unclicked action types (a game played only through the API). Default true. */
  steer?: boolean;
  maxMoves?: number;
}

/** The rest of the game from `state`: each move the seat to act's, with its reason to be clicked. */
export function planToEnd(definition: AnyGameDefinition, state: unknown, options: PlanOptions): PlannedMove[] {
  const pick = options.seed === 'first' ? () => 0 : seeded(options.seed);
  const covered = new Set(options.clicked);
  const steer = options.steer ?? true;
  const moves: PlannedMove[] = [];
  const maxMoves = options.maxMoves ?? 3000;
  for (let current = state; definition.activeSeats(current).length > 0; ) {
    if (moves.length >= maxMoves) throw new Error(`the plan has no end after ${maxMoves} moves`);
    const seat = definition.activeSeats(current)[0]!;
    const legal = definition.legalActions(current, seat) as Action[];
    const unclicked = steer ? legal.filter((action) => !covered.has(action.type)) : [];
    let action: Action;
    let click: ClickReason | null = null;
    if (unclicked.length > 0) {
      action = unclicked[pick(unclicked.length)]!;
      covered.add(action.type);
      click = 'new action type';
    } else {
      action = legal[pick(legal.length)]!;
      if (moves.length < options.opening) click = 'opening';
    }
    const applied = definition.apply(current, seat, action);
    if (isRuleError(applied)) throw new Error(`the plan's move ${JSON.stringify(action)} was refused: ${applied.message}`);
    moves.push({ seat, action, legal, click });
    current = applied.state;
  }
  for (const move of moves.slice(-options.ending)) move.click ??= 'ending';
  return moves;
}

/** The game's newest state, as the service reads it. */
export async function currentState(t: TestApp, gameId: string): Promise<{ state: unknown; version: number }> {
  const game = await findGame(t.app.services.db, gameId);
  if (!game) throw new Error(`no game ${gameId}`);
  return { state: game.state, version: game.version };
}

/** Submits one move as the seat's player (what a client following live updates sends): answers the new version. */
export async function moveByApi(t: TestApp, gameId: string, auth: { Authorization: string }, action: Action, expectedVersion: number): Promise<number> {
  const response = await t.http.post(`/v1/games/${gameId}/actions`).set(auth).set('Prefer', 'return=minimal').send({ action, expectedVersion }).expect(204);
  return Number(response.headers['game-version']);
}

const ENABLED_ACTIONS = '[data-testid=legal-actions] button:not([disabled])';

/** The data-action of every enabled legal-action button, canonical (key order aside). */
export async function shownActions(page: Page): Promise<string[]> {
  const shown = await page.locator(ENABLED_ACTIONS).evaluateAll((buttons) => buttons.map((button) => button.getAttribute('data-action') ?? 'null'));
  return shown.map((json) => canonicalJson(JSON.parse(json)));
}

/**
 * Waits until the page shows `version` with exactly the buttons of `legal` enabled (a page may show
 * the new version a moment before its buttons are enabled again), and answers the index of the
 * button of `action`.
 */
export async function buttonOf(page: Page, version: number, legal: Action[], action: Action, timeoutMs = 30_000): Promise<number> {
  await waitForVersion(page, version);
  const expected = legal.map((entry) => canonicalJson(entry)).sort();
  const until = Date.now() + timeoutMs;
  let shown: string[] = [];
  for (;;) {
    shown = await shownActions(page);
    if (JSON.stringify([...shown].sort()) === JSON.stringify(expected)) break;
    if (Date.now() > until) {
      throw new Error(`at version ${version} the page's buttons are not the seat's legal actions: shown ${shown.length} [${shown.slice(0, 8).join(' ')}…], legal ${expected.length} [${expected.slice(0, 8).join(' ')}…]`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return shown.indexOf(canonicalJson(action));
}

/** Clicks the `index`th enabled legal-action button. */
export async function clickAction(page: Page, index: number): Promise<void> {
  await page.locator(ENABLED_ACTIONS).nth(index).click();
}

/** Plays the game to its end through the API, each seat's move sent as its player (`players[seat]`) would. Answers the number of moves. */
export async function playToEndByApi(t: TestApp, definition: AnyGameDefinition, gameId: string, players: { auth: { Authorization: string } }[], seed: PlanOptions['seed']): Promise<number> {
  const current = await currentState(t, gameId);
  let version = current.version;
  const plan = planToEnd(definition, current.state, { opening: 0, ending: 0, clicked: new Set(), seed, steer: false });
  for (const move of plan) version = await moveByApi(t, gameId, players[move.seat]!.auth, move.action, version);
  return plan.length;
}

/**
 * Goes to `path` inside the app as its own links do (history.pushState, then the router's popstate),
 * without loading the app again: how the test leaves a game page during a long run of API moves and
 * comes back to it for the next click.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const window = globalThis as unknown as { history: { pushState(state: unknown, title: string, url: string): void }; dispatchEvent(event: unknown): void; PopStateEvent: new (type: string) => unknown };
    window.history.pushState(null, '', to);
    window.dispatchEvent(new window.PopStateEvent('popstate'));
  }, path);
}
