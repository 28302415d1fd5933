import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.js';
import type { KeyedLogEntry } from '../../src/shared/i18n/index.js';
import { logLine } from '../../web/src/games/log-words.js';
import { newUser } from '../support/api.js';
import { startBrowserApp, type BrowserApp } from '../support/browser.js';
import { BOARD_TARGETS, boardTargetsNotReachedByTab, internalWords, seriousAxeViolations } from '../support/page-checks.js';
import { pageAs, waitForVersion } from '../support/play-browser.js';
import { buttonOf, clickAction, currentState, goInApp, moveByApi, planToEnd, playToEndByApi } from '../support/planned-play.js';

/**
 * Every game played to its end in two browser windows, two people each with their own page. Most
 * moves go through the API, as the seat's own token sends them; by clicking the buttons of the page
 * of the seat to act (support/planned-play.ts plans the game from its state, with a seeded choice
 * among the legal moves): the opening moves, the first move of every action type the game offers on
 * its way, and the last moves, the one that ends the game among them. At each clicked move the page
 * offers exactly the seat's legal actions as buttons, and after it both pages show the new version by
 * themselves (live updates, no reload); at the end both show the result and the final scoring, the
 * seats have nothing left to do, and the lobby lists the game as finished. Each game is its own test
 * with its own budget (when every move was clicked, one game took up to 240 s on a loaded machine).
 */
let b: BrowserApp;
beforeAll(async () => {
  b = await startBrowserApp('play-to-end', { catalog: games });
});
afterAll(async () => b?.close());

const OPTIONS: Record<string, Record<string, unknown>> = { 'milestone-city': { milestones: 1 }, urbanization: { inventions: true } };
/** Moves clicked at the start and at the end of each game. */
const OPENING = 3;
const ENDING = 3;
/** A run of more API moves than this between two clicks: the pages are left meanwhile and opened again for the next click. */
const LEAVE_PAGES_FOR = 8;

describe('each game in two browser windows', () => {
  for (const [i, type] of Object.keys(games).entries()) {
    it(`${type} is played to its end by two people, every kind of move with the buttons, both pages live, and ends with the final scoring on both`, { timeout: 300_000 }, async () => {
      const started = Date.now();
      const definition = games[type]!;
      const alice = await newUser(b.t, 'alice');
      const bob = await newUser(b.t, 'bob');
      const game = (await b.t.http.post('/v1/games').set(alice.auth).send({ type, seats: 2, options: OPTIONS[type] }).expect(201)).body;
      await b.t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(200);
      // players[seat], pages[seat]: the seat's person and their page.
      const seats = (await b.t.http.get(`/v1/games/${game.id}`).expect(200)).body.seats as { username: string }[];
      const players = seats.map((seat) => [alice, bob].find((user) => user.username === seat.username)!);
      expect(players.every(Boolean), 'alice and bob sit at the table').toBe(true);
      const pages = [await pageAs(b, players[0]!), await pageAs(b, players[1]!)];
      for (const page of pages) await page.goto(`/games/${game.id}`);
      let pagesOpen = true;
      const openPages = async (version: number) => {
        if (!pagesOpen) for (const page of pages) await goInApp(page, `/games/${game.id}`);
        pagesOpen = true;
        for (const page of pages) await waitForVersion(page, version);
      };

      // At each click the page's text has no internal words. The first time a clicked move may be made
      // on the board, every board target is reached by Tab and the move is made with Enter instead;
      // axe-core then checks the page in play.
      const actionTypes = new Set<string>();
      const clicked = new Map<string, number>();
      const offered = new Set<string>();
      const lostTie = new Set<string>();
      const hadTurn = new Set<string>();
      const reasons: Record<string, number> = {};
      let keyboardChecked = false;
      const spent = { api: 0, open: 0, click: 0, checks: 0 };
      let mark = Date.now();
      const lap = (what: keyof typeof spent) => {
        spent[what] += Date.now() - mark;
        mark = Date.now();
      };
      let moves = 0;
      let apiMoves = 0;
      let { state, version } = await currentState(b.t, game.id);
      let plan = planToEnd(definition, state, { opening: OPENING, ending: ENDING, clicked: new Set(), seed: 100 + i });
      for (let k = 0; k < plan.length; k++) {
        const move = plan[k]!;
        for (const action of move.legal) {
          offered.add(action.type);
          // Offered only beside another new kind, which the plan clicked instead (one click a step).
          if (move.click === 'new action type' && (move.action as { type: string }).type !== action.type) lostTie.add(action.type);
          else hadTurn.add(action.type);
        }
        if (!move.click) {
          version = await moveByApi(b.t, game.id, players[move.seat]!.auth, move.action, version);
          moves++;
          apiMoves++;
          lap('api');
          continue;
        }
        await openPages(version);
        lap('open');
        const page = pages[move.seat]!;
        const index = await buttonOf(page, version, move.legal, move.action);
        for (const action of move.legal) actionTypes.add(action.type);
        expect(await internalWords(page, actionTypes), `${type} after ${moves} moves`).toEqual([]);
        lap('checks');
        if (!keyboardChecked && (await page.locator(BOARD_TARGETS).count()) > 0) {
          keyboardChecked = true;
          const tab = await boardTargetsNotReachedByTab(page);
          expect(tab.missed, `${type}: board targets Tab never reaches`).toEqual([]);
          expect(await seriousAxeViolations(page), `${type} in play`).toEqual([]);
          await page.locator(BOARD_TARGETS).first().focus();
          await page.keyboard.press('Enter');
          for (const each of pages) await waitForVersion(each, version + 1);
          moves++;
          // The move made on the board counts as a click of its action type (the seat's log shows its own actions).
          const made = (await b.t.http.get(`/v1/games/${game.id}/log?after=${version}&limit=1`).set(players[move.seat]!.auth).expect(200)).body.events[0];
          expect(made.seat, `${type}: the board's move was the seat's`).toBe(move.seat);
          clicked.set((made.action as { type: string }).type, (clicked.get(made.action.type) ?? 0) + 1);
          reasons.keyboard = 1;
          // The board's move need not be the planned one: the rest of the game is planned again from here.
          ({ state, version } = await currentState(b.t, game.id));
          plan = planToEnd(definition, state, { opening: Math.max(0, OPENING - moves), ending: ENDING, clicked: new Set(clicked.keys()), seed: 200 + i });
          k = -1;
          lap('checks');
          continue;
        }
        expect(index, `${type}: the planned move ${JSON.stringify(move.action)} has its button`).toBeGreaterThanOrEqual(0);
        await clickAction(page, index);
        clicked.set(move.action.type, (clicked.get(move.action.type) ?? 0) + 1);
        reasons[move.click] = (reasons[move.click] ?? 0) + 1;
        moves++;
        version++;
        // Both pages show the move by themselves.
        for (const each of pages) await waitForVersion(each, version);
        lap('click');
        const nextClick = plan.findIndex((next, j) => j > k && next.click !== null);
        if (nextClick !== -1 && nextClick - k - 1 > LEAVE_PAGES_FOR) {
          for (const each of pages) await goInApp(each, '/forgot-password');
          pagesOpen = false;
        }
        lap('open');
      }
      if (['urbanization', 'milestone-city'].includes(type)) expect(keyboardChecked, `${type}: a move was made on the board by keyboard`).toBe(true);
      // Every kind of move the seats were offered on the way was made at least once with its button,
      // but a kind only ever offered at a step where the plan clicked another new kind (a step makes one
      // move: guild town may offer invest and build for the first time together, and never invest again).
      const missed = [...offered].filter((actionType) => !clicked.has(actionType));
      if (missed.length) console.log(`[play-to-end] ${type}: offered only beside another new kind, not clicked: ${missed.join(', ')}`);
      expect(missed.filter((actionType) => hadTurn.has(actionType) || !lostTie.has(actionType)), `${type}: action types offered but never clicked`).toEqual([]);
      const end = (await b.t.http.get(`/v1/games/${game.id}`)).body;
      expect(end.status).toBe('finished');
      expect(end.version).toBe(version);
      expect(end.result.scores).toHaveLength(2);
      // Finished for everyone: neither seat has anything left to do.
      for (const player of players) expect((await b.t.http.get(`/v1/games/${game.id}/legal-actions`).set(player.auth).expect(200)).body.actions).toEqual([]);
      for (const [seat, page] of pages.entries()) {
        await page.getByTestId('result').waitFor({ timeout: 30_000 });
        // The table's last column is each row's final score: the seats' rows first, as the result scores them
        // (milestone city: the team's one row; construction yard with two: the neutral collector's row after them).
        const scoring = page.getByTestId('final-scoring');
        await scoring.waitFor();
        const totals = (await scoring.locator('tbody tr td:last-child').allTextContents()).map(Number);
        const seatRows = type === 'milestone-city' ? [end.result.scores[0]] : end.result.scores;
        expect(totals.slice(0, seatRows.length)).toEqual(seatRows);
        if (type === 'construction-yard') expect(totals[2]).toBe(end.result.details.neutralScore);
        expect(await internalWords(page, actionTypes), `${type} at the end`).toEqual([]);
        if (seat === 0) expect(await seriousAxeViolations(page), `${type} at the end`).toEqual([]);
        await b.screenshot(page, `${type}-end-seat-${seat}`);
      }
      // The lobby lists it among the finished games, to replay.
      await pages[1]!.goto('/');
      await pages[1]!.getByRole('region', { name: 'Finished games' }).locator(`a[href="/games/${game.id}/replay"]`).waitFor();
      for (const page of pages) await page.context().close();
      const byType = [...clicked].map(([actionType, count]) => `${actionType} ${count}`).join(', ');
      console.log(`[play-to-end] ${type}: ${moves} moves (${apiMoves} through the API), ${end.version} events in ${((Date.now() - started) / 1000).toFixed(0)} s; clicked: ${JSON.stringify(reasons)}, by type: ${byType}; keyboard: ${keyboardChecked}; seconds in API moves ${spent.api / 1000}, opening and leaving pages ${spent.open / 1000}, checks before clicks ${spent.checks / 1000}, clicks until both pages show them ${spent.click / 1000}, end ${(Date.now() - mark) / 1000}`);
    });
  }
});

describe('replays', () => {
  it('step through a finished game as the seat saw it, the board and log matching GET /v1/games/:id/replay?at=N, linked by its event; then play again, and the invitation declined', { timeout: 240_000 }, async () => {
    const alice = await newUser(b.t, 'alice');
    const bob = await newUser(b.t, 'bob');
    const game = (await b.t.http.post('/v1/games').set(alice.auth).send({ type: 'construction-yard', seats: 2 }).expect(201)).body;
    await b.t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(200);
    // Played to its end through the API (each seat's first legal action): the replay is the point here.
    await playToEndByApi(b.t, games['construction-yard']!, game.id, [alice, bob], 'first');
    expect((await b.t.http.get(`/v1/games/${game.id}`)).body.status).toBe('finished');

    const page = await pageAs(b, alice);
    await page.goto(`/games/${game.id}/replay`);
    const replay = page.getByTestId('replay-page');
    await replay.and(page.locator('[data-at="0"]')).waitFor();
    // Step with the buttons, then with the arrow keys on the slider.
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('slider').press('ArrowRight');
    await page.getByRole('slider').press('ArrowRight');
    await replay.and(page.locator('[data-at="5"]')).waitFor();
    // The event is in the address, and a link (and its copy) opens the replay there.
    expect(new URL(page.url()).search).toBe('?at=5');
    const link = `${new URL(page.url()).origin}/games/${game.id}/replay?at=5`;
    expect(await page.getByTestId('position-link').getAttribute('href')).toBe(link);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: 'Copy the link' }).click();
    await page.getByRole('status').filter({ hasText: 'Link copied.' }).waitFor();
    expect(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText())).toBe(link);
    const step = (await b.t.http.get(`/v1/games/${game.id}/replay?at=5`).set(alice.auth).expect(200)).body;
    expect(step.seat).toBe(0);
    // The hand shown is exactly seat 0's hand at event 5, and the log is the lines it could read.
    const shownHand = await page.locator('[data-hand-card]').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-hand-card')));
    expect(shownHand.sort()).toEqual(step.view.hand.map((card: { id: string }) => card.id).sort());
    const lines = await page.getByRole('region', { name: 'Log up to this event' }).getByRole('listitem').allTextContents();
    // In words: the API's lines of that step as the web words them (from each line's key and arguments,
    // players by name: test/games/log-lines.test.ts holds the wording itself to account).
    expect(lines).toEqual(step.log.map((line: KeyedLogEntry & { seq: number }) => `#${line.seq} ${logLine(game.type, line, [alice.username, bob.username])}`));
    expect(lines.join(' ')).toContain(alice.username);
    expect(await seriousAxeViolations(page), 'replay page').toEqual([]);
    expect(await internalWords(page)).toEqual([]);
    await b.screenshot(page, 'replay');

    // Play again: a new game of the same type and options, bob invited (his lobby's invitations), alice in it.
    await page.goto(`/games/${game.id}`);
    await page.getByRole('button', { name: 'Rematch' }).click();
    await page.waitForURL((url) => /^\/games\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(game.id));
    const rematchId = new URL(page.url()).pathname.split('/').at(-1)!;
    const rematch = (await b.t.http.get(`/v1/games/${rematchId}`).set(alice.auth).expect(200)).body;
    const old = (await b.t.http.get(`/v1/games/${game.id}`).set(alice.auth).expect(200)).body;
    expect(rematch).toMatchObject({ type: old.type, status: 'open', options: old.options, seatCount: 2, private: old.private, rated: old.rated, timeControl: old.timeControl });
    expect(rematch.seats.map((seat: { username: string | null; reservedFor: string | null }) => [seat.username, seat.reservedFor])).toEqual([[alice.username, null], [null, bob.username]]);
    const invited = (await b.t.http.get('/v1/me/invitations').set(bob.auth).expect(200)).body as { id: string }[];
    expect(invited.map((entry) => entry.id)).toContain(rematchId);
    // Bob declines on the game's page; alice, its creator, sees that he did.
    const guest = await pageAs(b, bob);
    await guest.goto(`/games/${rematchId}`);
    await guest.getByRole('button', { name: 'Decline the invitation' }).click();
    await guest.getByText(`(${bob.username} declined the invitation)`).waitFor();
    await page.reload();
    await page.getByText(`(${bob.username} declined the invitation)`).waitFor();
    await guest.context().close();

    // A spectator's replay is the public view: no hand at all.
    const watcher = await newUser(b.t, 'watcher');
    const spectator = await pageAs(b, watcher);
    await spectator.goto(`/games/${game.id}/replay?at=5`);
    await spectator.getByText('The public view (you did not play).').waitFor();
    await spectator.getByTestId('replay-page').and(spectator.locator('[data-at="5"]')).waitFor();
    await spectator.getByRole('button', { name: 'Last' }).click();
    await spectator.getByRole('region', { name: 'Construction yard', exact: true }).waitFor();
    expect(await spectator.locator('[data-hand-card]').count()).toBe(0);
  });
});
