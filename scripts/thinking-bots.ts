/**
 * Games of search bots thinking beside a server's other work: `startThinkingBotGames` fills N
 * two-seat games (the game types in turn) with `hard` bots only, so the server's bot threads think
 * for the whole run (a hard bot's game lasts hundreds of moves). `npm run bench` starts them with
 * BENCH_THINKING_BOTS=20; beside any running server: `npx tsx scripts/thinking-bots.ts <url> [games]`
 * (it registers an account, starts the games and prints the server's event-loop delay every 10 s).
 */
import { pathToFileURL } from 'node:url';

async function call<T>(baseUrl: string, method: string, path: string, token: string | null, body: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Starts `games` all-bot games (`bot` in every seat) as the account of `token`; returns their ids. */
export async function startThinkingBotGames(baseUrl: string, token: string, games: number, bot = 'hard'): Promise<string[]> {
  const types = (await call<{ id: string; players: { min: number; max: number }; bots: string[] }[]>(baseUrl, 'GET', '/v1/game-types', null, undefined))
    .filter((type) => type.bots.includes(bot) && type.players.min <= 2 && type.players.max >= 2);
  const ids: string[] = [];
  for (let i = 0; i < games; i++) {
    const type = types[i % types.length]!;
    const game = await call<{ id: string }>(baseUrl, 'POST', '/v1/games', token, { type: type.id, seats: 2 });
    for (const seat of [0, 1]) await call(baseUrl, 'PUT', `/v1/games/${game.id}/seats/${seat}`, token, { fill: 'bot', bot });
    ids.push(game.id);
  }
  return ids;
}

/** A metric without labels from a /metrics (Prometheus text) answer; undefined when absent. */
export function metricValue(text: string, name: string): number | undefined {
  const raw = new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1];
  return raw === undefined ? undefined : Number(raw);
}

/**
 * The server's event-loop delay from a /metrics text, in ms: prom-client's figures since the previous
 * scrape (each scrape starts its histogram again, so the figures cover the interval between two).
 */
export function parseEventLoopDelay(text: string): { meanMs: number; p99Ms: number; maxMs: number } {
  const value = (name: string) => 1000 * (metricValue(text, name) ?? NaN);
  return { meanMs: value('nodejs_eventloop_lag_mean_seconds'), p99Ms: value('nodejs_eventloop_lag_p99_seconds'), maxMs: value('nodejs_eventloop_lag_max_seconds') };
}

export async function eventLoopDelay(baseUrl: string): Promise<{ meanMs: number; p99Ms: number; maxMs: number }> {
  return parseEventLoopDelay(await (await fetch(`${baseUrl}/metrics`)).text());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [baseUrl, count = '20'] = process.argv.slice(2);
  if (!baseUrl) throw new Error('usage: npx tsx scripts/thinking-bots.ts <server url> [games]');
  const { token } = await call<{ token: string }>(baseUrl, 'POST', '/v1/auth/register', null, { username: `bots_${process.pid}`, password: 'thinking bots 1234' });
  const ids = await startThinkingBotGames(baseUrl, token, Number(count));
  console.log(`${ids.length} games of hard bots started`);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const delay = await eventLoopDelay(baseUrl);
    console.log(`event-loop delay: mean ${delay.meanMs.toFixed(1)} ms, p99 ${delay.p99Ms.toFixed(1)} ms, max ${delay.maxMs.toFixed(1)} ms`);
  }
}
