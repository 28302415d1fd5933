import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsValue } from '../../src/games/guild-town/money.js';
import { games } from '../../src/games/index.js';
import { newUser, startedGame } from '../support/api.js';
import { horizontalOverflow, PHONE, startBrowserApp, type BrowserApp } from '../support/browser.js';
import { layoutProblems } from '../support/layout-checks.js';
import { internalWords, seriousAxeViolations } from '../support/page-checks.js';
import { movesByApi, pageAs, waitForVersion } from '../support/play-browser.js';

/**
 * Each game's board in the middle of a game (a dozen moves in), as its first player sees it, at
 * 1280 px and at 375 px: screenshots test-output/screenshots/boards-<type>-<width>.png, no
 * sideways scrolling on a phone, words instead of ids, and axe-core's serious rules kept.
 */
let b: BrowserApp;
beforeAll(async () => {
  b = await startBrowserApp('boards', { catalog: games });
});
afterAll(async () => b?.close());

/** Each game's main board panel (its region's name). */
const BOARDS: Record<string, string> = { urbanization: 'Territories', 'construction-yard': 'Construction yard', 'guild-town': 'Guild board', 'milestone-city': 'City' };

describe('the layout check', () => {
  it('finds text overlapping, cut or past its tile, and elements past the screen; not text in a scroll container or for screen readers', async () => {
    const page = await b.newPage(PHONE);
    await page.setContent(`
      <p style="position:relative;height:2em"><span>First label</span><span style="position:absolute;left:1em;top:0">Second label</span></p>
      <div style="width:3em;overflow:hidden;white-space:nowrap">Cut off at the edge</div>
      <svg width="60" height="30" viewBox="0 0 60 30"><rect class="t" x="0" y="0" width="30" height="30"/><text data-label-within="rect.t" x="2" y="20">Wider than its tile</text></svg>
      <div style="width:500px">Too wide</div>
      <div style="overflow-x:auto"><div style="width:900px">Wide in a scroll container</div></div>
      <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap">Only for screen readers</span>`);
    const problems = await layoutProblems(page);
    expect(problems).toContain('overlap: "First label" and "Second label"');
    expect(problems).toContain('cut: "Cut off at the edge" past the edge of <div>');
    expect(problems).toContain('cut: "Wider than its tile" reaches past its tile');
    expect(problems).toContain('cut: "Wider than its tile" past the edge of <svg>');
    expect(problems).toContain('overflow: <div> spans 8–508 px of a 375 px viewport');
    expect(problems).toHaveLength(5);
    await page.context().close();
  });
});

describe('every board in the middle of a game', () => {
  it('is drawn at 1280 and 375 px without sideways scrolling, in words, with no serious axe-core violation', { timeout: 300_000 }, async () => {
    for (const [type, board] of Object.entries(BOARDS)) {
      const { alice, bob, gameId } = await startedGame(b.t, type, { moves: 12 });
      const version = (await b.t.http.get(`/v1/games/${gameId}`)).body.version;
      for (const [size, viewport] of [['1280', undefined], ['375', PHONE]] as const) {
        const page = await pageAs(b, alice, viewport);
        await page.goto(`/games/${gameId}`);
        await waitForVersion(page, version);
        await page.getByRole('region', { name: board, exact: true }).waitFor();
        await b.screenshot(page, `${type}-${size}`);
        expect(await internalWords(page), `${type} at ${size} px`).toEqual([]);
        if (type === 'urbanization') {
          // The map's key: each player's territory colour (its swatch has the map's own class), and land for sale.
          const key = page.getByTestId('colour-key').getByRole('listitem');
          expect(await key.allInnerTexts()).toEqual([`${alice.username} (you): blue`, `${bob.username}: red`, 'for sale', 'covered (not in play)']);
        }
        // Soft: every game and width is measured and reported in one run.
        expect.soft(await layoutProblems(page), `${type} at ${size} px: text overlapping, cut or past the screen`).toEqual([]);
        if (viewport) expect((await horizontalOverflow(page)).scrollWidth, `${type} at 375 px`).toBeLessThanOrEqual(PHONE.width);
        else expect(await seriousAxeViolations(page), `${type} mid-game`).toEqual([]);
        await page.context().close();
      }
    }
  });
});

describe('guild town by keyboard', () => {
  it('offers each guild space a helper may be sent to as a button reached by Tab and played by Enter', { timeout: 120_000 }, async () => {
    const { alice, bob, gameId } = await startedGame(b.t, 'guild-town');
    type Send = { type: string; guild: number; space: number };
    // Moves by the API until Alice may send a helper to a space in exactly one way.
    let target: Send | undefined;
    for (let move = 0; move < 60 && !target; move++) {
      const legal = (await b.t.http.get(`/v1/games/${gameId}/legal-actions`).set(alice.auth).expect(200)).body.actions as Send[];
      const sends = legal.filter((action) => action.type === 'send');
      target = sends.find((action) => sends.filter((other) => other.guild === action.guild && other.space === action.space).length === 1);
      if (!target) await movesByApi(b.t, gameId, [alice, bob], 1);
    }
    expect(target, 'a turn of Alice with a send action').toBeDefined();
    const version = (await b.t.http.get(`/v1/games/${gameId}`)).body.version;
    const page = await pageAs(b, alice);
    await page.goto(`/games/${gameId}`);
    await waitForVersion(page, version);
    const buttons = page.getByRole('region', { name: 'Guild board', exact: true }).getByRole('button', { name: /^Send a helper to the / });
    expect(await buttons.count()).toBeGreaterThan(0);
    // Tab from the top of the page until the first space button has the focus.
    const first = await buttons.first().getAttribute('aria-label');
    let focused: string | null = null;
    for (let press = 0; press < 200 && focused !== first; press++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(name: string): string | null } | null } }).document.activeElement?.getAttribute('aria-label') ?? null);
    }
    expect(focused).toBe(first);
    await page.keyboard.press('Enter');
    await waitForVersion(page, version + 1);
    const { events } = (await b.t.http.get(`/v1/games/${gameId}/log?after=${version}`).set(alice.auth).expect(200)).body;
    expect(events[0]).toMatchObject({ seq: version + 1, kind: 'action', action: { type: 'send' } });
    expect(await seriousAxeViolations(page), 'guild town with space buttons').toEqual([]);
  });
});

describe('guild town payments on the board', () => {
  it('say on the board what each way of paying costs: a paying space (a card or points), the "still owed" line, a purchase\'s price before it is chosen, and its cancel', { timeout: 240_000 }, async () => {
    const players = [await newUser(b.t, 'alice'), await newUser(b.t, 'bob'), await newUser(b.t, 'carol')];
    const game = (await b.t.http.post('/v1/games').set(players[0]!.auth).send({ type: 'guild-town', seats: 3, options: { swap: false } }).expect(201)).body;
    for (const player of players.slice(1)) await b.t.http.post(`/v1/games/${game.id}/join`).set(player.auth).send({}).expect(200);
    type Action = { type: string; guild?: number; pay?: string; card?: number; privilege?: boolean };
    const names = players.map((player) => player.username);
    const pageAt = async (seat: number, viewport?: { width: number; height: number }) => {
      const version = (await b.t.http.get(`/v1/games/${game.id}`)).body.version;
      const page = await pageAs(b, players[seat]!, viewport);
      await page.goto(`/games/${game.id}`);
      await waitForVersion(page, version);
      return page;
    };
    // By the API: every helper to the first guild with room (so the bankers' track fills and the next
    // helper must cover someone's), free spaces first; then raise one building and stop, to pay for it.
    let covered = false;
    let paying = false;
    for (let move = 0; move < 600; move++) {
      const { activeSeats, view } = (await b.t.http.get(`/v1/games/${game.id}`).set(players[0]!.auth).expect(200)).body;
      const seat = activeSeats[0] as number;
      const legal = (await b.t.http.get(`/v1/games/${game.id}/legal-actions`).set(players[seat]!.auth).expect(200)).body;
      const actions = legal.actions as Action[];
      if (!covered && actions.some((action) => action.type === 'send' && action.pay)) {
        covered = true;
        const page = await pageAt(seat);
        const owner = (view.guilds[0].spaces as { seat: number }[][]).find((stack, space) => stack.length === 1 && stack[0]!.seat !== seat && space < view.guilds[0].spaces.length - 1)![0]!.seat;
        // The bankers' paying space says both ways and to whom, and so do the send buttons.
        const bankers = page.getByRole('region', { name: 'Guild board', exact: true }).getByRole('listitem').filter({ hasText: 'Bankers' });
        await expect.poll(() => bankers.getByTestId('cover-costs').innerText()).toContain(`covering costs a money card or 1 point, given to ${names[owner]}`);
        const sends = await page.getByTestId('legal-actions').getByRole('button', { name: /^Send a helper to the bankers/ }).allInnerTexts();
        // (Paying with points is legal only for a seat holding a point; the first seat starts with none.)
        expect(sends.filter((text) => text.endsWith(', paying 1 point')).length).toBe(actions.filter((action) => action.type === 'send' && action.guild === 0 && action.pay === 'points').length);
        expect(sends.filter((text) => /, paying (purple|green|blue|red) \d$/.test(text)).length).toBe(actions.filter((action) => action.type === 'send' && action.guild === 0 && action.pay === 'card').length);
        expect(await layoutProblems(page), 'guild town with a paying space at 1280 px').toEqual([]);
        await page.context().close();
      }
      const prompt = view.turn?.prompt as { kind: string; cost: number; selected: number[] } | undefined;
      if (!paying && prompt?.kind === 'pay' && activeSeats[0] === view.turn.seat) {
        paying = true;
        const owed = prompt.cost - cardsValue(prompt.selected);
        for (const [size, viewport] of [['1280', undefined], ['375', PHONE]] as const) {
          const page = await pageAt(seat, viewport);
          const line = await page.getByTestId('owed').innerText();
          expect(line).toContain(`${owed} still owed: cards worth ${owed}`);
          // Each pay button says what paying that card leaves owed, or that it settles the payment.
          for (const text of await page.getByTestId('legal-actions').getByRole('button', { name: /^Pay / }).allInnerTexts()) expect(text).toMatch(/: (\d+ still owed after it|settles the \d+ owed)$/);
          await b.screenshot(page, `guild-town-paying-${size}`);
          expect(await layoutProblems(page), `guild town while paying at ${size} px`).toEqual([]);
          await page.context().close();
        }
      }
      // A notary purchase (rules version 5): each building's price, in its colours, on the buy buttons
      // and the market's cards before anything is chosen; once chosen, a cancel gives it up with the cards paid.
      const buy = actions.find((action) => action.type === 'buy');
      if (paying && buy) {
        const page = await pageAt(seat);
        const buttons = page.getByTestId('legal-actions').getByRole('button', { name: /^Buy / });
        const texts = await buttons.allInnerTexts();
        expect(texts.length).toBe(actions.filter((action) => action.type === 'buy').length);
        for (const text of texts) expect(text).toMatch(/: costs (3|5|10) in \w+ or \w+ cards; yours in those colours are worth \d+$/);
        const faceUp = (['basic', 'expanded', 'advanced'] as const).flatMap((row) => (view.rows[row] as (number | null)[]).filter((id) => id !== null));
        const prices = await page.getByRole('region', { name: 'Market', exact: true }).getByTestId('price').allInnerTexts();
        expect(prices).toHaveLength(faceUp.length);
        for (const price of prices) expect(price).toMatch(/^Buy: costs (3|5|10) in \w+ or \w+ cards; yours in those colours are worth \d+$/);
        const before = (await b.t.http.get(`/v1/games/${game.id}`).set(players[seat]!.auth).expect(200)).body;
        await buttons.first().click();
        await waitForVersion(page, before.version + 1);
        const cancel = page.getByTestId('legal-actions').getByRole('button', { name: 'Cancel the purchase (cards paid go back to your hand)' });
        await expect.poll(() => cancel.count()).toBe(1);
        expect(await page.getByTestId('legal-actions').getByRole('button', { name: /^Pay / }).count()).toBeGreaterThan(0);
        await b.screenshot(page, 'guild-town-buying-1280');
        await cancel.click();
        await waitForVersion(page, before.version + 2);
        await expect.poll(() => buttons.count()).toBe(texts.length);
        const after = (await b.t.http.get(`/v1/games/${game.id}`).set(players[seat]!.auth).expect(200)).body;
        const ids = (money: { id: number }[]) => money.map((card) => card.id).sort((x, y) => x - y);
        expect(ids(after.view.myMoney)).toEqual(ids(before.view.myMoney));
        expect(after.view.myHand).toEqual(before.view.myHand);
        expect(after.view.rows).toEqual(before.view.rows);
        expect(await seriousAxeViolations(page), 'guild town at the notary').toEqual([]);
        await page.context().close();
        break;
      }
      const pick =
        (covered ? actions.find((action) => action.type === 'send' && !action.pay && action.guild === 2) : undefined) ??
        actions.find((action) => action.type === 'send' && !action.pay) ??
        actions.find((action) => action.type === 'raise' && !action.privilege) ??
        actions.find((action) => action.type === 'buildDone') ??
        actions[0]!;
      await b.t.http.post(`/v1/games/${game.id}/actions`).set(players[seat]!.auth).send({ action: pick, expectedVersion: legal.version }).expect(201);
      if (move === 599) throw new Error('no notary purchase in 600 moves');
    }
    expect(covered, 'a helper had to cover another player’s on a paying space').toBe(true);
  });
});
