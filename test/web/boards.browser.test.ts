import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/games/index.js';
import { newUser } from '../support/api.js';
import { horizontalOverflow, PHONE, startBrowserApp, type BrowserApp } from '../support/browser.js';
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

describe('every board in the middle of a game', () => {
  it('is drawn at 1280 and 375 px without sideways scrolling, in words, with no serious axe-core violation', { timeout: 300_000 }, async () => {
    for (const [type, board] of Object.entries(BOARDS)) {
      const alice = await newUser(b.t, 'alice');
      const bob = await newUser(b.t, 'bob');
      const game = (await b.t.http.post('/v1/games').set(alice.auth).send({ type, seats: 2 }).expect(201)).body;
      await b.t.http.post(`/v1/games/${game.id}/join`).set(bob.auth).send({}).expect(200);
      await movesByApi(b.t, game.id, [alice, bob], 12);
      const version = (await b.t.http.get(`/v1/games/${game.id}`)).body.version;
      for (const [size, viewport] of [['1280', undefined], ['375', PHONE]] as const) {
        const page = await pageAs(b, alice, viewport);
        await page.goto(`/games/${game.id}`);
        await waitForVersion(page, version);
        await page.getByRole('region', { name: board, exact: true }).waitFor();
        await b.screenshot(page, `${type}-${size}`);
        expect(await internalWords(page), `${type} at ${size} px`).toEqual([]);
        if (viewport) expect((await horizontalOverflow(page)).scrollWidth, `${type} at 375 px`).toBeLessThanOrEqual(PHONE.width);
        else expect(await seriousAxeViolations(page), `${type} mid-game`).toEqual([]);
        await page.context().close();
      }
    }
  });
});
