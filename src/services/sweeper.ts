import { findGame, overdueGames, stalledBotGames } from '../store/games.js';
import type { ServiceContext } from './context.js';
import { gameDeadlines } from './deadlines.js';

/**
 * Jobs are sent right after a commit; a process that dies in between would leave a game without
 * its deadline job or bot wake-up. The sweep re-sends them for games that look stuck. Sending is
 * idempotent (singleton keys) and handlers check the version, so a spare job does nothing.
 */
export async function sweep(ctx: ServiceContext, graceMs = 30_000): Promise<number> {
  const before = new Date(ctx.now().getTime() - graceMs);
  let sent = 0;
  for (const { id } of await overdueGames(ctx.db, before)) {
    const game = await findGame(ctx.db, id);
    if (!game || game.status !== 'active') continue;
    for (const { seat } of gameDeadlines(game)) {
      await ctx.jobs.send('deadline', { gameId: id, version: game.version, seat }, { singletonKey: `${id}:${game.version}:${seat}` });
      sent++;
    }
  }
  for (const { id } of await stalledBotGames(ctx.db, before)) {
    await ctx.jobs.send('bots', { gameId: id }, { singletonKey: id });
    sent++;
  }
  return sent;
}
