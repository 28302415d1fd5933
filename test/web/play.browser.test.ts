import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.js';
import { loginAdmin, newUser } from '../support/api.js';
import { horizontalOverflow, logIn, PHONE, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { internalWords, seriousAxeViolations } from '../support/page-checks.js';
import { movesByApi, pageAs, playByClicking, seeded, shownGame, waitForVersion } from '../support/play-browser.js';

/**
 * The player pages in a real browser: two people play a game with the buttons and each page
 * follows the other's moves live; spectators never get a hidden card; take-back and undo requests.
 */
let b: BrowserApp;
beforeAll(async () => {
  b = await startBrowserApp('play', { catalog: games });
});
afterAll(async () => b?.close());

const PASSWORD = 'correct horse battery';

/** A started 2-player urbanization game (alice created it, bob joined), open in a page of each. */
async function urbanizationForTwo() {
  const alice = await newUser(b.t, 'alice');
  const bob = await newUser(b.t, 'bob');
  const game = (await b.t.http.post('/v1/games').set(alice.auth).send({ type: 'urbanization', seats: 2 }).expect(201)).body;
  await b.t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(200);
  const alicePage = await pageAs(b, alice);
  const bobPage = await pageAs(b, bob);
  await alicePage.goto(`/games/${game.id}`);
  await bobPage.goto(`/games/${game.id}`);
  return { alice, bob, game, alicePage, bobPage };
}

describe('two players in two browser pages', () => {
  // A whole game clicked through in two pages: 40 s on a quiet machine, more beside other work.
  it('create with options and an invitation, join from the lobby, then play milestone city to its end with the buttons, each page updating live', { timeout: 180_000 }, async () => {
    const alice = await newUser(b.t, 'alice');
    const bob = await newUser(b.t, 'bob');
    const alicePage = await b.newPage();
    await logIn(alicePage, alice.username, PASSWORD, '/games/new');
    await alicePage.getByLabel('Game').selectOption('milestone-city');
    await alicePage.getByLabel('Seats').fill('2');
    await alicePage.getByLabel('Milestones to reach for a victory').fill('1');
    await alicePage.getByLabel('Player 2', { exact: true }).selectOption('reserved');
    await alicePage.getByLabel('Username for Player 2').fill(bob.username);
    await alicePage.getByLabel('Clock').selectOption('per-move');
    await alicePage.getByLabel('Time per move', { exact: true }).fill('1');
    await alicePage.getByLabel('Unit of time per move').selectOption('hours');
    expect(await seriousAxeViolations(alicePage), 'create page').toEqual([]);
    await b.screenshot(alicePage, 'create');
    await alicePage.getByRole('button', { name: 'Create' }).click();
    await alicePage.waitForURL(/\/games\/[0-9a-f-]{36}$/);
    const gameId = alicePage.url().split('/').pop()!;
    await alicePage.getByRole('region', { name: 'Seats' }).getByText(`reserved for ${bob.username}`).waitFor();
    const created = (await b.t.http.get(`/v1/games/${gameId}`)).body;
    expect(created).toMatchObject({ type: 'milestone-city', status: 'open', options: { milestones: 1 }, timeControl: { kind: 'per-move', moveSeconds: 3600 } });
    // The page gave a random seed of hers with the creation (provably fair dealing, docs/fairness.md); she replaces it with her own.
    expect(created.clientSeeds).toEqual([expect.stringMatching(/^[0-9a-f]{32}$/), null]);
    await alicePage.getByLabel('Your seed for the deal').fill('alice-browser-seed');
    await alicePage.getByRole('button', { name: 'Replace my seed' }).click();
    await expect.poll(async () => (await b.t.http.get(`/v1/games/${gameId}`)).body.clientSeeds[0]).toBe('alice-browser-seed');
    expect((await b.t.http.get(`/v1/games/${gameId}`)).body.clientSeeds).toEqual(['alice-browser-seed', null]);

    // Bob finds the invitation in his lobby and takes the seat: the game starts.
    const bobPage = await b.newPage();
    await logIn(bobPage, bob.username, PASSWORD);
    const invitation = bobPage.getByRole('region', { name: 'Invitations' }).locator(`a[href="/games/${gameId}"]`);
    await invitation.waitFor();
    expect(await seriousAxeViolations(bobPage), 'lobby with an invitation').toEqual([]);
    expect(await internalWords(bobPage)).toEqual([]);
    await b.screenshot(bobPage, 'lobby');
    await invitation.click();
    await b.screenshot(bobPage, 'join');
    await bobPage.getByRole('button', { name: 'Join as Player 2' }).click();
    await bobPage.getByTestId('game-page').and(bobPage.locator('[data-status=active]')).waitFor();
    // Alice's page saw the start without a reload.
    await alicePage.getByTestId('game-page').and(alicePage.locator('[data-status=active]')).waitFor();
    await alicePage.getByText('Your turn.').waitFor();
    await expect.poll(() => bobPage.getByTestId('turn').textContent()).toContain(`Waiting for ${alice.username}.`);
    await b.screenshot(alicePage, 'alice-start');

    // Neither page may reload from here on: a marker set in each window must survive to the end.
    for (const page of [alicePage, bobPage]) await page.evaluate(() => ((globalThis as unknown as { stillHere: boolean }).stillHere = true));

    // Alice's first move, with a button labelled in words, shows on Bob's page by itself.
    const first = alicePage.getByTestId('legal-actions').getByRole('button').first();
    const label = await first.textContent();
    expect(label).toMatch(/^Develop board piece [A-F] for \d+ money$/);
    // By keyboard: the buttons are real buttons.
    await first.focus();
    await alicePage.keyboard.press('Enter');
    await waitForVersion(bobPage, 2); // the start is version 1, her move 2
    await expect.poll(() => bobPage.getByTestId('game-log').textContent()).toMatch(new RegExp(`#2 ${alice.username} pays \\d+ and turns board piece`));

    const clicks = await playByClicking(b.t, gameId, [alicePage, bobPage], seeded(14));
    const finished = (await b.t.http.get(`/v1/games/${gameId}`)).body;
    expect(finished.status).toBe('finished');
    for (const page of [alicePage, bobPage]) {
      expect(await shownGame(page)).toEqual({ version: finished.version, status: 'finished' });
      expect(await page.evaluate(() => (globalThis as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    }
    console.log(`[play] milestone city played to its end in two pages: ${clicks + 1} clicks, ${finished.version} events`);
    await b.screenshot(alicePage, 'alice-end');
    await b.screenshot(bobPage, 'bob-end');
  });

  it('take back at once, and an undo request approved by the other player', async () => {
    // Urbanization has no hidden information and no chance: every move may be taken back.
    const { alice, game, alicePage, bobPage } = await urbanizationForTwo();

    // Nothing to take back before her first move: the buttons say so by being disabled.
    await alicePage.getByText('Your turn.').waitFor();
    expect(await alicePage.getByRole('button', { name: 'Take back my last move' }).isDisabled()).toBe(true);
    expect(await alicePage.getByRole('button', { name: 'Ask to undo my last move' }).isDisabled()).toBe(true);
    // Alice takes her first placement back at once; Bob's page shows it by itself.
    await alicePage.getByRole('button', { name: 'Place a marker on territory 2', exact: true }).click();
    await waitForVersion(alicePage, 2);
    await alicePage.getByRole('button', { name: 'Take back my last move' }).click();
    await waitForVersion(bobPage, 3);
    await expect.poll(() => bobPage.getByTestId('game-log').textContent()).toMatch(/takes back the move “\S+ starts in territory 2 with a house”\./);
    await alicePage.getByText('Your turn.').waitFor();

    // Past Bob's move, Alice must ask: Bob approves on his page and the moves are undone.
    // This time she places by clicking the territory on the map.
    const beforePlacing = (await b.t.http.get(`/v1/games/${game.id}`)).body.version;
    await alicePage.getByRole('group', { name: 'Territory map' }).getByRole('button', { name: /^Place — Territory 3:/ }).click();
    await waitForVersion(alicePage, beforePlacing + 1);
    // Her placement may ask for more (a price marker to move): she answers until it is Bob's turn.
    for (;;) {
      const now = (await b.t.http.get(`/v1/games/${game.id}`)).body;
      if (now.activeSeats[0] === 1) break;
      await waitForVersion(alicePage, now.version);
      await alicePage.getByTestId('legal-actions').getByRole('button').first().click();
      await waitForVersion(alicePage, now.version + 1);
    }
    await bobPage.getByText('Your turn.').waitFor();
    const beforeBob = (await b.t.http.get(`/v1/games/${game.id}`)).body.version;
    await bobPage.getByTestId('legal-actions').getByRole('button').first().click();
    await waitForVersion(alicePage, beforeBob + 1);
    await alicePage.getByRole('button', { name: 'Take back my last move' }).click();
    await expect.poll(() => alicePage.getByRole('alert').textContent()).toBe('Another player has moved since: ask them to undo instead.');
    // Requests and answers reach the other page live (GameUpdate.undoRequestsChanged), no reload:
    // Bob refuses the first, Alice's page says so; he approves the second.
    await alicePage.getByRole('button', { name: 'Ask to undo my last move' }).click();
    await alicePage.getByTestId('undo-requests').getByText('waiting for the others').waitFor();
    await b.screenshot(alicePage, 'undo-requested');
    await bobPage.getByRole('button', { name: 'Refuse undo' }).click();
    await alicePage.getByTestId('undo-refused').waitFor();
    expect(await alicePage.getByTestId('undo-requests').count()).toBe(0);
    expect((await b.t.http.get(`/v1/games/${game.id}`)).body.version).toBe(beforeBob + 1);
    await alicePage.getByRole('button', { name: 'Ask to undo my last move' }).click();
    await alicePage.getByTestId('undo-requests').getByText('waiting for the others').waitFor();
    // The take-back refusal from before applies to this version only: watch every change of Alice's
    // page for one that shows the next version beside it (an effect clearing it after the render did).
    await alicePage.evaluate((next) => {
      type Node = { getAttribute(a: string): string | null };
      const w = globalThis as unknown as {
        staleRefusal?: boolean;
        document: { body: unknown; querySelector(s: string): Node | null };
        MutationObserver: new (seen: () => void) => { observe(target: unknown, options: object): void };
      };
      w.staleRefusal = false;
      new w.MutationObserver(() => {
        const shown = Number(w.document.querySelector('[data-testid=game-page]')?.getAttribute('data-version'));
        if (shown >= next && w.document.querySelector('[role=alert]')) w.staleRefusal = true;
      }).observe(w.document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    }, beforeBob + 2);
    await bobPage.getByRole('button', { name: 'Approve undo' }).click();
    await waitForVersion(alicePage, beforeBob + 2);
    // The take-back refusal from before applied to a game that has moved on: it is gone, and was never shown beside the new version.
    expect(await alicePage.getByRole('alert').count()).toBe(0);
    expect(await alicePage.evaluate(() => (globalThis as unknown as { staleRefusal: boolean }).staleRefusal)).toBe(false);
    await expect.poll(async () => (await b.t.http.get(`/v1/games/${game.id}/undo-requests`).set(alice.auth)).body[0]?.status).toBe('approved');
    await alicePage.getByText('Your turn.').waitFor();
    const back = (await b.t.http.get(`/v1/games/${game.id}`).set(alice.auth)).body;
    expect(back.activeSeats).toEqual([0]);
    expect(back.view.territories.filter((t: { owner: number | null }) => t.owner === 1)).toEqual([]);
  });

  it('keeps the action buttons busy after a move until the new state is shown, so the old ones cannot send a stale move', async () => {
    const { game, alicePage } = await urbanizationForTwo();
    await alicePage.getByText('Your turn.').waitFor();
    // The page's read of the new legal actions is held for a while: the window in which the old buttons are still on the page.
    await alicePage.route('**/legal-actions', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => undefined);
    });
    const before = (await b.t.http.get(`/v1/games/${game.id}`)).body.version;
    const buttons = alicePage.getByTestId('legal-actions').getByRole('button');
    await buttons.first().click();
    await expect.poll(async () => (await b.t.http.get(`/v1/games/${game.id}`)).body.version).toBe(before + 1);
    // The move is in; the page still shows the old version and its buttons, none of them clickable.
    expect(Number(await alicePage.getByTestId('game-page').getAttribute('data-version'))).toBe(before);
    const count = await buttons.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) expect(await buttons.nth(i).isDisabled()).toBe(true);
    await waitForVersion(alicePage, before + 1);
    await alicePage.unroute('**/legal-actions');
    expect(await alicePage.getByRole('alert').count()).toBe(0);
  });
});

/** Each game's main board panel (its region's name). */
const BOARDS: Record<string, string> = { urbanization: 'Territories', 'construction-yard': 'Construction yard', 'guild-town': 'Guild board', 'milestone-city': 'City' };

describe('the table chat beside the log', () => {
  it('carries messages live between two players\' pages during a game, as text, and refuses a muted account\'s message', async () => {
    const { alice, bob, game, alicePage, bobPage } = await urbanizationForTwo();
    const chatOf = (page: typeof alicePage) => page.getByRole('region', { name: 'Table chat' });
    await chatOf(bobPage).getByText('No messages yet.').waitFor();

    // Alice writes; Bob's page shows it without a reload, as text (no markup is rendered).
    await chatOf(alicePage).getByLabel('Your message').fill('Good luck, <b>Bob</b>!');
    await chatOf(alicePage).getByRole('button', { name: 'Send' }).click();
    await chatOf(bobPage).getByTestId('chat-message').filter({ hasText: 'Good luck, <b>Bob</b>!' }).waitFor();
    expect(await chatOf(bobPage).locator('b').count()).toBe(0);
    // And back.
    await chatOf(bobPage).getByLabel('Your message').fill('Thanks, you too');
    await chatOf(bobPage).getByRole('button', { name: 'Send' }).click();
    await chatOf(alicePage).getByTestId('chat-message').filter({ hasText: `${bob.username}: Thanks, you too` }).waitFor();
    expect(await seriousAxeViolations(alicePage), 'game page with chat').toEqual([]);

    // An admin mutes Bob: his next message is refused in words and reaches nobody.
    const admin = await loginAdmin(b.t);
    await b.t.http.post(`/v1/admin/users/${bob.id}/mute`).set(admin).expect(200);
    await chatOf(bobPage).getByLabel('Your message').fill('Can you hear me?');
    await chatOf(bobPage).getByRole('button', { name: 'Send' }).click();
    await chatOf(bobPage).getByRole('alert').waitFor();
    expect(await chatOf(bobPage).getByRole('alert').textContent()).toMatch(/mute/i);
    const stored = (await b.t.http.get(`/v1/games/${game.id}/chat?channel=players`).set(alice.auth).expect(200)).body.items.map((message: { text: string }) => message.text);
    expect(stored).toEqual(['Thanks, you too', 'Good luck, <b>Bob</b>!']);
    expect(await chatOf(alicePage).getByTestId('chat-message').count()).toBe(2);
  });
});

describe("every game's play page", () => {
  // One test per game (each page load and its checks take seconds in Chromium on a busy machine).
  for (const [type, board] of Object.entries(BOARDS)) {
    it(`renders ${type} for a seated player and a spectator, at desktop width and at 375 px without sideways scrolling`, async () => {
      const alice = await newUser(b.t, 'alice');
      const watcher = await newUser(b.t, 'watcher');
      const game = (await b.t.http.post('/v1/games').set(alice.auth).send({ type, seats: 2 }).expect(201)).body;
      await b.t.http.put(`/v1/games/${game.id}/seats/1`).set(alice.auth).send({ fill: 'bot' }).expect(200);
      for (const [role, user] of [['player', alice], ['spectator', watcher]] as const) {
        for (const [size, viewport] of [['desktop', undefined], ['375px', PHONE]] as const) {
          const page = await pageAs(b, user, viewport);
          await page.goto(`/games/${game.id}`);
          await page.getByRole('region', { name: board, exact: true }).waitFor();
          await page.getByText(role === 'player' ? `You play as ${alice.username}` : 'You are watching').waitFor();
          if (role === 'player') await page.getByRole('region', { name: 'Take back, undo and resign' }).waitFor();
          else expect(await page.getByRole('region', { name: 'Your actions' }).count()).toBe(0);
          await b.screenshot(page, `${type}-${role}-${size}`);
          if (viewport) {
            const { scrollWidth } = await horizontalOverflow(page);
            expect(scrollWidth, `${type} ${role} page at 375 px`).toBeLessThanOrEqual(PHONE.width);
          }
          await page.context().close();
        }
      }
    });
  }

  it("lists the games waiting for the player's move under Your turn in the lobby, as the API's awaitingMe filter does", async () => {
    const alice = await newUser(b.t, 'alice');
    for (const type of ['urbanization', 'construction-yard']) {
      const game = (await b.t.http.post('/v1/games').set(alice.auth).send({ type, seats: 2 }).expect(201)).body;
      await b.t.http.put(`/v1/games/${game.id}/seats/1`).set(alice.auth).send({ fill: 'bot' }).expect(200);
    }
    // Both wait for her once the bot seats that start have moved.
    const awaiting = async () => (await b.t.http.get('/v1/games?awaitingMe=true').set(alice.auth).expect(200)).body.games as { id: string }[];
    await expect.poll(async () => (await awaiting()).length, { timeout: 30_000 }).toBe(2);
    const waiting = await awaiting();
    const lobby = await pageAs(b, alice);
    await lobby.goto('/');
    const yourTurn = lobby.getByRole('region', { name: 'Your turn' });
    await expect.poll(() => yourTurn.getByRole('link').count()).toBe(waiting.length);
    // Each named by its type and players, not its id.
    for (const game of waiting) await yourTurn.locator(`a[href="/games/${game.id}"]`).filter({ hasText: / with / }).waitFor();
    await b.screenshot(lobby, 'lobby-your-turn');
  });
});

describe('bots in seats', () => {
  it('fill a seat with the bot level the player picks, on the create page and on the open game\'s page', async () => {
    const alice = await newUser(b.t, 'alice');
    const page = await b.newPage();
    await logIn(page, alice.username, PASSWORD, '/games/new');
    await page.getByLabel('Game').selectOption('urbanization');
    await page.getByLabel('Seats').fill('3');
    await page.getByLabel('Player 3', { exact: true }).selectOption('bot');
    // Medium unless the player picks another, the chosen level described under the list.
    const level = page.getByLabel('Bot level for Player 3');
    expect(await level.inputValue()).toBe('medium');
    expect(await level.locator('option').allTextContents()).toEqual(['Random', 'Easy', 'Medium', 'Hard']);
    await level.selectOption({ label: 'Easy' });
    await page.getByText("Greedy: the move the game's rules of thumb like best now.").waitFor();
    expect(await seriousAxeViolations(page), 'create page with a bot seat').toEqual([]);
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/games\/[0-9a-f-]{36}$/);
    const gameId = page.url().split('/').pop()!;
    await expect.poll(async () => (await b.t.http.get(`/v1/games/${gameId}`)).body.seats.map((seat: { bot: string | null }) => seat.bot)).toEqual([null, null, 'greedy']);

    // Player 2's seat (seat 1), still open, goes to a random bot from the game's page: every seat is filled and the game starts.
    const seats = page.getByRole('region', { name: 'Seats' });
    await seats.getByLabel('Player 2', { exact: true }).selectOption('bot');
    // Medium here too, whether or not the game types had loaded when the seat's control was drawn
    // (until they load the list has no levels to show: the value is read once it has).
    await expect.poll(() => seats.getByLabel('Bot level for Player 2').inputValue()).toBe('medium');
    await seats.getByLabel('Bot level for Player 2').selectOption({ label: 'Random' });
    await seats.getByRole('button', { name: 'Set Player 2' }).click();
    await expect.poll(async () => (await b.t.http.get(`/v1/games/${gameId}`)).body).toMatchObject({ status: 'active', seats: [{ bot: null }, { bot: 'random' }, { bot: 'greedy' }] });
  });
});

describe('leaving an open game', () => {
  it('as its last person closes it and goes back to the lobby, where it is no longer listed', async () => {
    const alice = await newUser(b.t, 'alice');
    const game = (await b.t.http.post('/v1/games').set(alice.auth).send({ type: 'urbanization', seats: 3 }).expect(201)).body;
    const page = await pageAs(b, alice);
    await page.goto(`/games/${game.id}`);
    // One person seated, two needed: no "Start now" yet.
    await page.getByText('The game can start once 2 players sit (1 now).').waitFor();
    expect(await page.getByRole('button', { name: 'Start now' }).count()).toBe(0);
    await page.getByRole('region', { name: 'Seats' }).getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await b.t.http.get(`/v1/games/${game.id}`).set(alice.auth).expect(200)).body.status).toBe('aborted');
    expect(await page.locator(`a[href="/games/${game.id}"]`).count()).toBe(0);
  });
});

describe('a game address that leads nowhere', () => {
  it('says there is no such game in words, with a way back to the lobby', async () => {
    const page = await pageAs(b, null);
    for (const path of ['/games/not-a-game', '/games/00000000-0000-4000-8000-000000000000']) {
      await page.goto(path);
      await page.getByRole('heading', { name: 'No such game' }).waitFor();
      await page.getByRole('link', { name: 'Back to the lobby' }).waitFor();
      expect(await page.locator('main').innerText()).not.toMatch(/VALIDATION_FAILED|NOT_FOUND/);
    }
    await page.context().close();
  });
});

describe('spectators', () => {
  it('never see a hidden card: no hand card of the admin full state is on a spectator page, while players see their own', async () => {
    const alice = await newUser(b.t, 'alice');
    const bob = await newUser(b.t, 'bob');
    const watcher = await newUser(b.t, 'watcher');
    const admin = await loginAdmin(b.t);
    for (const type of ['construction-yard', 'guild-town']) {
      const game = (await b.t.http.post('/v1/games').set(alice.auth).send({ type, seats: 2 }).expect(201)).body;
      await b.t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(200);
      const alicePage = await pageAs(b, alice);
      await alicePage.goto(`/games/${game.id}`);
      // A few moves through the API, so hands have changed from the deal.
      await movesByApi(b.t, game.id, [alice, bob], 4);
      const full = (await b.t.http.get(`/v1/admin/games/${game.id}`).set(admin).expect(200)).body;
      const hands = handCards(type, full.state);
      expect(hands.flat().length).toBeGreaterThan(0);

      for (const who of [watcher, null]) {
        const page = await pageAs(b, who);
        await page.goto(`/games/${game.id}`);
        await waitForVersion(page, full.version);
        await page.getByText('You are watching').waitFor();
        expect(await page.locator('[data-hand-card]').count()).toBe(0);
        expect(await page.getByTestId('your-hand').count()).toBe(0);
        const html = await page.content();
        for (const card of hands.flat()) expect(html).not.toContain(`data-hand-card="${card}"`);
        if (type === 'construction-yard') for (const card of hands.flat()) expect(html).not.toContain(card);
        await b.screenshot(page, `${type}-spectator${who ? '' : '-anonymous'}`);
      }
      // The control: each player's page does show exactly that player's own hand.
      await waitForVersion(alicePage, full.version);
      const shown = await alicePage.locator('[data-hand-card]').evaluateAll((elements) => elements.map((element) => element.getAttribute('data-hand-card')));
      expect(shown.sort()).toEqual([...hands[0]!].sort());
    }
  });
});

/** The secret cards of each seat in the admin full state, as the boards' data-hand-card names them. */
function handCards(type: string, state: Record<string, unknown>): string[][] {
  if (type === 'construction-yard') return state.hands as string[][];
  const players = state.players as { money: number[]; hand: number[] }[];
  return players.map((p) => [...p.money.map((id) => `money-${id}`), ...p.hand.map((id) => `building-${id}`)]);
}
