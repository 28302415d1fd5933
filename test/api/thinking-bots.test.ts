import { readdirSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botInput, chooseBotAction } from '../../src/engine/bots.js';
import { botSeed } from '../../src/engine/deal.js';
import { isRuleError } from '../../src/engine/types.js';
import { games } from '../../src/games/index.js';
import { createBotPool } from '../../src/services/bot-pool.js';
import { newUser, setupInputOfRow, startTestApp, type TestApp } from '../support/api.js';
import { waitFor } from '../support/wait.js';

/**
 * The search bots through the whole service: they think in the bot pool's worker threads (not in
 * the claim's transaction, not on the event loop) and their moves are ordinary events that the
 * game's seed reproduces.
 */
const THINK_MS = 20;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ catalog: games, config: { botThinkMs: THINK_MS, botThreads: 1 } });
});
afterAll(async () => t?.close());

describe('search bots', () => {
  it('are listed by GET /v1/game-types with their levels, weakest first', async () => {
    const { body } = await t.http.get('/v1/game-types').expect(200);
    const served = body.filter((type: { id: string }) => type.id in games);
    expect(served).toHaveLength(Object.keys(games).length);
    for (const type of served) {
      expect(type.botLevels.map((bot: { name: string; level: string }) => `${bot.name}:${bot.level}`), type.id).toEqual(['random:random', 'greedy:easy', 'medium:medium', 'hard:hard']);
    }
  });

  it('fill seats, think in worker threads and play moves their seed reproduces', async () => {
    const host = await newUser(t);
    const { body: game } = await t.http.post('/v1/games').set(host.auth).send({ type: 'construction-yard', seats: 2, options: {} }).expect(201);
    // The host gives their own seat to a bot (leaving as the last person would close the game).
    await t.http.put(`/v1/games/${game.id}/seats/0`).set(host.auth).send({ fill: 'bot', bot: 'hard' }).expect(200);
    await t.http.put(`/v1/games/${game.id}/seats/1`).set(host.auth).send({ fill: 'bot', bot: 'medium' }).expect(200);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const moves = await waitFor(async () => {
      const { rows } = await t.sql.query("SELECT seq, seat, action FROM game_events WHERE game_id = $1 AND kind = 'action' ORDER BY seq", [game.id]);
      return rows.length >= 6 ? rows : undefined;
    }, 120_000, 'six bot moves');
    delay.disable();
    console.log(`6 search-bot moves; this process's event-loop delay meanwhile: mean ${(delay.mean / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`);

    // Replay: each move is the one its bot chooses from the state before it with the seed the service uses.
    const definition = games['construction-yard']!;
    const { rows: [row] } = await t.sql.query('SELECT * FROM games WHERE id = $1', [game.id]);
    // The deal comes from the server seed and the players' seeds (docs/fairness.md); a bot's seed one-way from the server seed (docs/bots.md).
    let state = definition.setup(setupInputOfRow(row));
    const { rows: all } = await t.sql.query('SELECT seq, seat, kind, action FROM game_events WHERE game_id = $1 ORDER BY seq', [game.id]);
    let checked = 0;
    for (const event of all) {
      if (event.kind !== 'action') continue;
      if (checked < moves.length) {
        const bot = event.seat === 0 ? 'hard' : 'medium';
        expect(chooseBotAction(definition, bot, state, event.seat, botSeed(row.seed, event.seq - 1, event.seat), THINK_MS), `move ${event.seq}`).toEqual(event.action);
        checked++;
      }
      const applied = definition.apply(state, event.seat, event.action);
      if (isRuleError(applied)) throw new Error(applied.message);
      state = applied.state;
    }
    expect(checked).toBe(moves.length);
  });

  it('think at the nice value BOT_THREAD_NICE in their own threads, leaving the event loop at its own', async () => {
    // Linux keeps a nice value per thread (/proc/<pid>/task/<tid>/stat, field 19): the bot threads
    // yield the CPU to moves while the process's other threads keep their priority.
    const niceOf = (path: string) => {
      const stat = readFileSync(path, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    };
    const threadNices = () => readdirSync('/proc/self/task').map((task) => niceOf(`/proc/self/task/${task}/stat`));
    // Relative to this process's own nice value (the suite may run niced); a thread may only lower itself.
    const own = niceOf('/proc/self/stat');
    expect(own, 'the suite runs at a nice value below 19').toBeLessThan(19);
    const nice = Math.min(19, own + 3);
    const before = threadNices().filter((value) => value === nice).length;
    const pool = createBotPool(2, nice);
    try {
      const definition = games.urbanization!;
      const state = definition.setup({ seats: 2, options: {}, seed: 'nice-test' });
      const seat = definition.activeSeats(state)[0]!;
      const choices = await Promise.all([0, 1].map((i) => pool.think('urbanization', 'hard', botInput(definition, state, seat, `nice-${i}`, 10))));
      expect(choices).toHaveLength(2);
      expect(threadNices().filter((value) => value === nice).length - before).toBe(2);
      expect(niceOf('/proc/self/stat')).toBe(own);
    } finally {
      await pool.close();
    }
  });
});
