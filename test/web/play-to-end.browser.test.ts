import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.js';
import { newUser } from '../support/api.js';
import { startBrowserApp, type BrowserApp } from '../support/browser.js';
import { BOARD_TARGETS, boardTargetsNotReachedByTab, internalWords, seriousAxeViolations, shownActionTypes } from '../support/page-checks.js';
import { movesByApi, pageAs, playByClicking, seeded, waitForVersion } from '../support/play-browser.js';
import type { Page } from 'playwright-core';

/**
 * Every game played to its end in two browser windows: two people, each clicking the buttons of
 * their own page on their own turn (a seeded choice among the legal ones). After every click both
 * pages must show the new version by themselves (live updates, no reload), and at the end both show
 * the result and the final scoring. Each game is its own test with its own budget (all four in one
 * test took 174 s on a quiet machine and ran past a shared 420 s limit on a loaded one).
 */
let b: BrowserApp;
beforeAll(async () => {
  b = await startBrowserApp('play-to-end', { catalog: games });
});
afterAll(async () => b?.close());

const OPTIONS: Record<string, Record<string, unknown>> = { 'milestone-city': { milestones: 1 }, urbanization: { inventions: true } };

describe('each game in two browser windows', () => {
  for (const [i, type] of Object.keys(games).entries()) {
    it(`${type} is played to its end by two people with the buttons, both pages live, and ends with the final scoring on both`, { timeout: 300_000 }, async () => {
      const started = Date.now();
      const alice = await newUser(b.t, 'alice');
      const bob = await newUser(b.t, 'bob');
      const game = (await b.t.http.post('/v1/games').set(alice.auth).send({ type, seats: 2, options: OPTIONS[type] }).expect(201)).body;
      await b.t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(200);
      const pages = [await pageAs(b, alice), await pageAs(b, bob)];
      for (const page of pages) await page.goto(`/games/${game.id}`);
      // On the way, every 10th move: the page's text has no internal words. The first time a page
      // may move on its board, every board target is reached by Tab and the move is made with Enter;
      // axe-core then checks the page in play.
      const actionTypes = new Set<string>();
      let keyboardChecked = false;
      const check = async (page: Page, clicks: number): Promise<boolean> => {
        for (const actionType of await shownActionTypes(page)) actionTypes.add(actionType);
        if (clicks % 25 === 0) {
          expect(await internalWords(page, actionTypes), `${type} after ${clicks} moves`).toEqual([]);
          console.log(`[play-to-end] ${type}: ${clicks} moves, ${((Date.now() - started) / 1000).toFixed(0)} s`);
        }
        if (keyboardChecked || (await page.locator(BOARD_TARGETS).count()) === 0) return false;
        keyboardChecked = true;
        const tab = await boardTargetsNotReachedByTab(page);
        expect(tab.missed, `${type}: board targets Tab never reaches`).toEqual([]);
        expect(await seriousAxeViolations(page), `${type} in play`).toEqual([]);
        const version = Number(await page.getByTestId('game-page').getAttribute('data-version'));
        await page.locator(BOARD_TARGETS).first().focus();
        await page.keyboard.press('Enter');
        await waitForVersion(page, version + 1);
        return true;
      };
      const clicks = await playByClicking(b.t, game.id, pages, seeded(100 + i), 2000, check);
      if (['urbanization', 'milestone-city'].includes(type)) expect(keyboardChecked, `${type}: a move was made on the board by keyboard`).toBe(true);
      const end = (await b.t.http.get(`/v1/games/${game.id}`)).body;
      expect(end.status).toBe('finished');
      expect(end.result.scores).toHaveLength(2);
      for (const [seat, page] of pages.entries()) {
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
      for (const page of pages) await page.context().close();
      console.log(`[play-to-end] ${type}: ${clicks} clicks, ${end.version} events in ${((Date.now() - started) / 1000).toFixed(0)} s`);
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
    await movesByApi(b.t, game.id, [alice, bob], Infinity);
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
    // In words: the same lines, players by name instead of "Seat N", "an orange" for "a orange".
    const named = (message: string) =>
      message.replace(/\b[Ss]eat 0\b/g, alice.username).replace(/\b[Ss]eat 1\b/g, bob.username).replace(/\b([Aa]) orange\b/g, '$1n orange');
    expect(lines).toEqual(step.log.map((line: { seq: number; message: string }) => `#${line.seq} ${named(line.message)}`));
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
