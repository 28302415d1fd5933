import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.js';
import { jsonDiff } from '../../web/src/ui/json-diff.js';
import { ADMIN, loginAdmin, newUser } from '../support/api.js';
import { horizontalOverflow, logIn, PHONE, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { logInAnyLanguage, plainEnglishWords } from '../support/account-i18n.js';
import { seriousAxeViolations } from '../support/page-checks.js';
import { playRandomGame } from '../support/random-play.js';
import { toyGame } from '../support/toy-game.js';

/**
 * The admin inspector in a real browser, against the admin API: find a finished game, scrub its
 * timeline and compare what is shown with the API, diff, verify, export and import, moderation,
 * a 500-event game (its load time is printed, not asserted) and a phone-sized screen.
 */
let b: BrowserApp;
let admin: { Authorization: string };
let page: Page;
let finished: Awaited<ReturnType<typeof playRandomGame>>;
/** The copy of `finished` imported from its record. */
let importedId: string;

beforeAll(async () => {
  b = await startBrowserApp('admin', { catalog: { ...games, toy: toyGame }, workers: true });
  admin = await loginAdmin(b.t);
  // A short finished game: 2 players, 3 rounds each = 6 moves after the start (event 1) = 7 events, with hidden hands.
  finished = await playRandomGame(b.t, { type: 'toy', seats: 2, options: { rounds: 3 }, seed: 11, prefix: 'fin' });
  page = await b.newPage();
  await logIn(page, ADMIN.username, ADMIN.password, '/admin/games');
});
afterAll(async () => b?.close());

const apiGet = async (path: string) => (await b.t.http.get(path).set(admin).expect(200)).body;

/** The inspector's state panel once it shows point `at` for the viewpoint (full, a seat, public). */
async function shownState(at: number, viewpoint = 'full'): Promise<unknown> {
  await page.locator(`[data-testid="state-panel"][data-at="${at}"][data-viewpoint="${viewpoint}"][data-ready="true"]`).waitFor();
  return JSON.parse((await page.getByTestId('state-json').textContent())!);
}

describe('the admin game inspector', () => {
  it('finds the finished game by player and status, and opens it', async () => {
    expect(finished.status).toBe('finished');
    expect(finished.version).toBe(7);
    await page.getByLabel('Player').fill(finished.players[1]!.username.toUpperCase());
    await page.getByLabel('Status').selectOption('finished');
    await page.getByRole('button', { name: 'Search' }).click();
    const link = page.getByRole('link', { name: finished.gameId.slice(0, 8) });
    await link.waitFor();
    expect(await page.getByTestId('games').locator('tbody tr').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('player')).toBe(finished.players[1]!.username.toUpperCase());
    expect(await seriousAxeViolations(page), 'admin games list').toEqual([]);
    await b.screenshot(page, 'games');
    await link.click();
    await page.getByTestId('timeline').waitFor();
    expect(await page.getByTestId('game-status').textContent()).toBe('finished');
    // Every event is listed once, with who acted: the start (event 1, no separate set-up point 0), then the moves.
    expect(await page.getByTestId('timeline').locator('ol.events > li').count()).toBe(7);
    expect(await page.getByTestId('timeline').locator('li[data-seq="0"]').count()).toBe(0);
    await expect.poll(() => page.getByTestId('timeline').locator('li[data-seq="1"]').textContent()).toContain('start');
    await expect.poll(() => page.getByTestId('timeline').locator('li[data-seq="2"]').textContent()).toContain(finished.players[0]!.username);
  });

  it('steps the timeline to event 3 with the buttons and the keyboard: the state shown is the API state at 3, with its diff', async () => {
    // The first point is the start, event 1 (the state as set up).
    await page.getByRole('button', { name: 'First event' }).click();
    expect(await page.getByTestId('timeline-position').textContent()).toBe('Start (event 1) of 7');
    expect(await shownState(1)).toEqual((await apiGet(`/v1/admin/games/${finished.gameId}/state?at=0`)).state);
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByTestId('timeline-position').textContent()).toBe('Start (event 1) of 7');
    await page.getByRole('button', { name: 'Next event' }).click();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('timeline-position').textContent()).toBe('Event 3 of 7');
    const [before, after] = [(await apiGet(`/v1/admin/games/${finished.gameId}/state?at=2`)).state, (await apiGet(`/v1/admin/games/${finished.gameId}/state?at=3`)).state];
    expect(await shownState(3)).toEqual(after);
    // The diff lists exactly the paths that changed from event 2 to 3.
    const expected = jsonDiff(before, after).map((change) => `${change.kind} ${change.path}`);
    expect(expected.length).toBeGreaterThan(0);
    const shown = await page.getByTestId('diff').locator('li').evaluateAll((items) => items.map((item) => `${item.getAttribute('data-kind')} ${item.getAttribute('data-path')}`));
    expect(shown).toEqual(expected);
    await b.screenshot(page, 'game-event-3');
  });

  it("shows a seat's view and the public view at that point, as the API answers them", async () => {
    // The seat's log lines are the ones the API says that seat could read (hidden draws of others left out).
    const shownLog = () => page.getByTestId('seat-log').locator('li').evaluateAll((items) => items.map((item) => item.textContent));
    // Shown in words: the players by name where the engine says "Seat N".
    const named = (message: string) => message.replace(/\bSeat (\d)\b/g, (_, n: string) => finished.players[Number(n)]!.username);
    await page.getByLabel('View').selectOption('1');
    const seat1 = await apiGet(`/v1/admin/games/${finished.gameId}/state?at=3&seat=1`);
    expect(await shownState(3, '1')).toEqual(seat1.view);
    expect(await shownLog()).toEqual(seat1.log.map((line: { seq: number; message: string }) => `#${line.seq} ${named(line.message)}`));
    await page.getByLabel('View').selectOption('public');
    const spectators = await apiGet(`/v1/admin/games/${finished.gameId}/state?at=3&seat=public`);
    expect(await shownState(3, 'public')).toEqual(spectators.view);
    expect(await shownLog()).toEqual(spectators.log.map((line: { seq: number; message: string }) => `#${line.seq} ${named(line.message)}`));
    expect(await seriousAxeViolations(page), 'admin game page').toEqual([]);
    await b.screenshot(page, 'game-public-view');
    // The slider moves the point too.
    await page.getByLabel('Point in the game').fill('5');
    expect(await shownState(5, 'public')).toEqual((await apiGet(`/v1/admin/games/${finished.gameId}/state?at=5&seat=public`)).view);
    await page.getByLabel('View').selectOption('full');
  });

  it('runs verify and shows it passed', async () => {
    await page.getByRole('button', { name: 'Run verify' }).click();
    await expect.poll(() => page.getByTestId('verify-result').textContent()).toMatch(/^Verify OK: 7 events/);
  });

  it('downloads the record, imports it as a new verified game, and refuses a tampered record naming the event', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download record' }).click()]);
    const record = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(record).toMatchObject({ format: 'boardgame-record/3', type: 'toy', id: finished.gameId });
    expect(record.events).toHaveLength(7);
    expect(record.events[0]).toMatchObject({ seq: 1, kind: 'start' });
    expect(download.suggestedFilename()).toBe(`game-${finished.gameId}.json`);

    await page.getByRole('link', { name: 'Admin: games' }).click();
    await page.getByLabel('Record file (JSON)').setInputFiles({ name: 'record.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(record)) });
    await expect.poll(() => page.getByTestId('import-ok').textContent()).toMatch(/Imported and verified \(7 events\)/);
    await b.screenshot(page, 'import-ok');
    await page.getByTestId('import-ok').getByRole('link').click();
    await page.getByTestId('timeline').waitFor();
    importedId = new URL(page.url()).pathname.split('/').pop()!;
    expect(importedId).not.toBe(finished.gameId);
    expect((await apiGet(`/v1/admin/games/${importedId}`)).status).toBe('finished');

    // Event 4 (the third move) plays a card its player never held.
    const tampered = structuredClone(record);
    tampered.events[3].action = { type: 'play', card: 9 };
    const fourth = (await apiGet(`/v1/admin/games/${finished.gameId}/state?at=3`)).state as { hands: number[][]; active: number };
    if (fourth.hands[fourth.active]!.includes(9)) tampered.events[3].action = { type: 'play', card: [1, 2, 3, 4, 5, 6, 7, 8].find((card) => !fourth.hands[fourth.active]!.includes(card)) };
    const before = (await apiGet('/v1/admin/games?type=toy&limit=100')).total;
    await page.getByRole('link', { name: 'Admin: games' }).click();
    await page.getByLabel('Record file (JSON)').setInputFiles({ name: 'tampered.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(tampered)) });
    await expect.poll(() => page.getByTestId('import-refused').textContent()).toMatch(/^Refused at event 4/);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('RECORD_DOES_NOT_REPLAY');
    await b.screenshot(page, 'import-refused');
    expect((await apiGet('/v1/admin/games?type=toy&limit=100')).total).toBe(before);
  });
});

describe('a game whose stored log was tampered with', () => {
  it('shows the first divergence, jumps to it, and is found by the "verify failed" filter', async () => {
    // A line's facts (its data) are compared, not its words, which engines may reword (engine/log.ts `logFacts`).
    await b.t.sql.query(`UPDATE game_events SET log = '[{"message":"forged","data":{"card":9}}]' WHERE game_id = $1 AND seq = 4`, [importedId]);
    await page.goto(`/admin/games/${importedId}?at=1`);
    await page.getByRole('button', { name: 'Run verify' }).click();
    await expect.poll(() => page.getByTestId('verify-result').textContent()).toMatch(/^Verify FAILED at event 4: /);
    await page.getByRole('button', { name: 'Go to event 4' }).click();
    expect(await page.getByTestId('timeline-position').textContent()).toBe('Event 4 of 7');
    await b.screenshot(page, 'verify-failed');
    await page.goto('/admin/games?verify=failed');
    await page.getByRole('link', { name: importedId.slice(0, 8) }).waitFor();
    expect(await page.getByTestId('games').locator('tbody tr').count()).toBe(1);
    expect(await page.getByLabel('Verify').inputValue()).toBe('failed');
  });
});

describe('moderation from the inspector', () => {
  /** A started 2-player toy game between two fresh users. */
  async function activeGame(prefix: string) {
    const alice = await newUser(b.t, `${prefix}a`);
    const bob = await newUser(b.t, `${prefix}b`);
    const created = await b.t.http.post('/v1/games').set(alice.auth).send({ type: 'toy', seats: 2, options: { rounds: 20 } }).expect(201);
    await b.t.http.post(`/v1/games/${created.body.id}/join`).set(bob.auth).send({}).expect(200);
    return { gameId: created.body.id as string, alice, bob };
  }

  it('aborts a running game after a confirm dialog', async () => {
    const { gameId } = await activeGame('abt');
    await page.goto(`/admin/games/${gameId}`);
    await page.getByTestId('timeline').waitFor();
    await page.getByRole('button', { name: 'Abort game' }).click();
    const dialog = page.getByRole('dialog', { name: 'Abort this game?' });
    await dialog.waitFor();
    await b.screenshot(page, 'abort-confirm');
    // Cancel changes nothing.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await apiGet(`/v1/admin/games/${gameId}`)).status).toBe('active');
    await page.getByRole('button', { name: 'Abort game' }).click();
    await dialog.getByLabel('Reason').fill('players colluding');
    await dialog.getByRole('button', { name: 'Abort game' }).click();
    await expect.poll(() => page.getByTestId('game-status').textContent()).toBe('aborted');
    expect((await apiGet(`/v1/admin/games/${gameId}`)).status).toBe('aborted');
    // The abort is the game's last event, with the reason in its log.
    await expect.poll(() => page.getByTestId('timeline').locator('ol.events > li').last().textContent()).toContain('players colluding');
  });

  it('gives a seat to a bot', async () => {
    const { gameId } = await activeGame('bot');
    await page.goto(`/admin/games/${gameId}`);
    await page.getByTestId('timeline').waitFor();
    await page.getByRole('group', { name: 'Replace a seat by a bot' }).getByRole('button', { name: /^Seat 1/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Replace by bot' }).click();
    // The page reloads the game: seat 1 is a bot's now, so it is no longer offered.
    await page.getByRole('group', { name: 'Replace a seat by a bot' }).getByRole('button', { name: /^Seat 1/ }).waitFor({ state: 'detached' });
    const { seatsDetail } = await apiGet(`/v1/admin/games/${gameId}`);
    expect(seatsDetail[1].bot).toBe('random');
    // The game list names the bot under Players (it said "—" for bot seats).
    await page.goto(`/admin/games?id=${gameId}`);
    await page.getByRole('link', { name: gameId.slice(0, 8) }).waitFor();
    expect(await page.getByTestId('games').locator('tbody tr').first().textContent()).toContain(`${seatsDetail[0].username}, Random bot`);
  });

  it("disables an account (its token stops working at once) and enables it again", async () => {
    const user = await newUser(b.t, 'dis');
    await b.t.http.get('/v1/me').set(user.auth).expect(200);
    await page.goto(`/admin/users?q=${user.username}`);
    await page.getByRole('button', { name: `Disable ${user.username}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disable account' }).click();
    await page.getByRole('button', { name: `Enable ${user.username}` }).waitFor();
    await b.screenshot(page, 'users');
    expect([401, 403]).toContain((await b.t.http.get('/v1/me').set(user.auth)).status);
    await page.getByRole('button', { name: `Enable ${user.username}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enable account' }).click();
    await page.getByRole('button', { name: `Disable ${user.username}` }).waitFor();
    await b.t.http.get('/v1/me').set(user.auth).expect(200);
  });
});

describe('a long game', () => {
  it('shows a 500-event game: prints the time from navigation to the timeline (and to the state)', { timeout: 120_000 }, async () => {
    // Random 4-player guild town games run about 600 events; play until one has 500.
    let long = await playRandomGame(b.t, { type: 'guild-town', seats: 4, seed: 5, prefix: 'gt' });
    for (let seed = 6; long.version < 500 && seed < 10; seed++) long = await playRandomGame(b.t, { type: 'guild-town', seats: 4, seed, prefix: `gt${seed}` });
    expect(long.version).toBeGreaterThanOrEqual(500);
    const started = Date.now();
    await page.goto(`/admin/games/${long.gameId}`);
    await page.getByTestId('timeline').locator(`li[data-seq="${long.version}"]`).waitFor();
    const timelineMs = Date.now() - started;
    await shownState(long.version);
    const stateMs = Date.now() - started;
    console.log(`[timing] admin inspector, ${long.version}-event guild-town game: timeline shown ${timelineMs} ms after navigation, state at the last event ${stateMs} ms`);
    // Stepping back asks for one more state, not the whole game.
    await page.getByRole('button', { name: 'Previous event' }).click();
    await shownState(long.version - 1);
    await b.screenshot(page, 'game-500-events');
    // A seat's view is drawn as that seat's board (the player pages' component) beside its JSON.
    await page.getByLabel('View').selectOption('0');
    await shownState(long.version - 1, '0');
    await page.getByTestId('state-board').getByRole('region', { name: 'Guild board' }).waitFor();
    expect(await page.getByTestId('state-board').getByTestId('your-hand').count()).toBe(1);
    await b.screenshot(page, 'game-500-events-seat-0-board');
    await page.getByLabel('View').selectOption('full');
  });

  it('fits a 375 px wide screen', async () => {
    const phone = await b.newPage(PHONE);
    await logIn(phone, ADMIN.username, ADMIN.password, `/admin/games/${finished.gameId}`);
    await phone.getByTestId('timeline').waitFor();
    await phone.locator('[data-testid="state-panel"][data-ready="true"]').waitFor();
    await b.screenshot(phone, 'game-375px');
    expect((await horizontalOverflow(phone)).scrollWidth).toBeLessThanOrEqual(375);
  });
});

describe('the admin pages in other languages', () => {
  it('reads German with ?lang=de: the search, a game with its times written the German way, verify, the timeline, accounts', { timeout: 120_000 }, async () => {
    const de = await b.newPage();
    await logInAnyLanguage(de, ADMIN.username, ADMIN.password, 'de', '/admin/games');
    await de.getByRole('heading', { name: 'Partien', level: 1 }).waitFor();
    await de.getByLabel('Spieler', { exact: true }).fill(finished.players[1]!.username);
    await de.getByLabel('Status', { exact: true }).selectOption('finished');
    await de.getByRole('button', { name: 'Suchen' }).click();
    const link = de.getByRole('link', { name: finished.gameId.slice(0, 8) });
    await link.waitFor();
    // The count in German words (the game, its imported copy and whatever else this player finished above),
    // once the filtered answer is shown: the unfiltered first page can hold the same link, so the rows and the
    // caption are read in one step (a render between two reads mixed two answers once) and the wait is for
    // rows that all name the player, finished.
    const player = finished.players[1]!.username;
    const shown = () => de.getByTestId('games').evaluate((table) => ({
      rows: [...table.querySelectorAll('tbody tr')].map((row) => row.textContent ?? ''),
      caption: table.querySelector('caption')?.textContent ?? '',
    }));
    await expect.poll(async () => { const { rows } = await shown(); return rows.length > 0 && rows.every((row) => row.includes(player) && row.includes('beendet')); }).toBe(true);
    const { rows, caption } = await shown();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(caption).toBe(`${rows.length} Partien`);
    expect(await de.getByTestId('games').getByRole('columnheader', { name: 'Erstellt' }).count()).toBe(1);
    await link.click();
    await de.getByTestId('timeline').waitFor();
    expect(await de.getByTestId('game-status').textContent()).toBe('beendet');
    const { createdAt } = await apiGet(`/v1/admin/games/${finished.gameId}`);
    const created = new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(createdAt));
    expect(created).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}$/);
    expect(await de.getByTestId('game-facts').textContent()).toContain(`Erstellt${created}`);
    await expect.poll(() => de.getByTestId('timeline-position').textContent()).toBe('Ereignis 7 von 7');
    await de.getByRole('button', { name: 'Erstes Ereignis' }).click();
    expect(await de.getByTestId('timeline-position').textContent()).toBe('Beginn (Ereignis 1) von 7');
    await de.getByRole('button', { name: 'Prüfung starten' }).click();
    await expect.poll(() => de.getByTestId('verify-result').textContent()).toBe('Prüfung in Ordnung: 7 Ereignisse nachgespielt, der gespeicherte Spielstand stimmt überein.');

    const ann = finished.players[0]!.username;
    await de.goto(`/admin/users?q=${ann}`);
    await de.getByRole('heading', { name: 'Konten', level: 1 }).waitFor();
    await de.getByRole('button', { name: `${ann} sperren` }).waitFor();
    expect(await de.getByText('1 Konto', { exact: true }).count()).toBe(1);
  });

  it('shows no word outside the catalog in the pseudo-locale: the search with the import, a game (facts, tools, verify, timeline, a seat\'s view), accounts', { timeout: 120_000 }, async () => {
    const pseudo = await b.newPage();
    await logInAnyLanguage(pseudo, ADMIN.username, ADMIN.password, 'pseudo', `/admin/games?id=${finished.gameId}`);
    await pseudo.getByRole('link', { name: finished.gameId.slice(0, 8) }).waitFor();
    const allowed = [...finished.players.map((player) => player.username), ADMIN.username, finished.gameId, finished.gameId.slice(0, 8), 'toy'];
    expect(await plainEnglishWords(pseudo, allowed), 'game search').toEqual([]);

    await pseudo.goto(`/admin/games/${finished.gameId}`);
    await pseudo.getByTestId('timeline').waitFor();
    await pseudo.locator('select[name="viewpoint"]').selectOption('1');
    await pseudo.locator('[data-testid="state-panel"][data-viewpoint="1"][data-ready="true"]').waitFor();
    await pseudo.locator('section.tools button.btn-primary').click();
    await pseudo.getByTestId('verify-result').waitFor();
    expect(await plainEnglishWords(pseudo, allowed), 'game page').toEqual([]);

    await pseudo.goto(`/admin/users?q=${finished.players[0]!.username}`);
    await pseudo.getByRole('link', { name: finished.players[0]!.username }).waitFor();
    expect(await plainEnglishWords(pseudo, allowed), 'accounts').toEqual([]);
  });
});
