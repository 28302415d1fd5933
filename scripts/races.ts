/**
 * `npm run races`: the three races of issue 21, black box over HTTP, each tried N times on a fresh
 * game, against server processes started as `npm start` starts one (a fresh database: on
 * DATABASE_URL's server, else a temporary embedded PostgreSQL), or against a running server.
 *
 *   joins    three players join one open 4-seat construction-yard game at once: every join
 *            answered 200 must hold a seat afterwards (and none may be refused: three seats were free);
 *   resign   a move races the other player's resignation: admin verify must pass afterwards, and
 *            each acknowledged write must be in the log;
 *   idem     the same move sent twice at once with the same Idempotency-Key: both copies get the
 *            original's answer (or a 409 saying the key is in flight), the move lands once;
 *   games, webhooks, tokens, push (issue 35)   a fresh account sends QUOTA + 20 creations at once,
 *            spread over the servers: exactly the quota may succeed (the rest 409 with its code),
 *            and the account's list holds exactly the quota afterwards.
 *
 * Settings: --tries N (RACES_TRIES, default 100) per race; --parallel N (RACES_PARALLEL, default 4)
 * tries at once; --servers N (RACES_SERVERS, default 2) processes sharing the database (the racing
 * requests of a try go to different ones); --only joins,resign,idem; --base-url URL (RACES_BASE_URL)
 * to use a running server instead, with its admin account in RACES_ADMIN_USERNAME /
 * RACES_ADMIN_PASSWORD. Server output goes to --log FILE (RACES_LOG, default /dev/null).
 * Prints one line per race: tries, acknowledged writes, anomalies by kind. Exit code 1 on any anomaly.
 */
import { parseArgs } from 'node:util';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import webPush from 'web-push';
import { ADMIN, freshDatabase, startServer, type Database, type ServerProcess } from './history/servers.js';
import { expectStatus, isInFlightRefusal, login, registerMany, snapshot, type Account } from './history/api.js';
import { History, type Server } from './history/recorder.js';

const { values: args } = parseArgs({
  options: {
    tries: { type: 'string' }, parallel: { type: 'string' }, servers: { type: 'string' },
    only: { type: 'string' }, 'base-url': { type: 'string' }, log: { type: 'string' },
  },
});
const int = (value: string | undefined, fallback: number, name: string) => {
  const parsed = value === undefined || value === '' ? fallback : Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return parsed;
};
const tries = int(args.tries ?? process.env.RACES_TRIES, 100, 'tries');
const parallel = int(args.parallel ?? process.env.RACES_PARALLEL, 4, 'parallel');
const serverCount = int(args.servers ?? process.env.RACES_SERVERS, 2, 'servers');
const baseUrlGiven = args['base-url'] ?? process.env.RACES_BASE_URL?.trim() ?? '';
const RACES = ['joins', 'resign', 'idem', 'games', 'webhooks', 'tokens', 'push'] as const;
type RaceName = (typeof RACES)[number];
const only = (args.only ?? RACES.join(',')).split(',').map((name) => name.trim()) as RaceName[];
for (const name of only) if (!RACES.includes(name)) throw new Error(`--only: no race "${name}" (races: ${RACES.join(', ')})`);

const say = (line: string) => console.log(`[races] ${line}`);

/** Push needs a VAPID key pair to be on (the push race). */
function vapidEnv() {
  const keys = webPush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey, VAPID_SUBJECT: 'mailto:races@example.org' };
}

/** Tally of one race: tries, acknowledged writes, anomalies by kind (with an example game each). */
class Tally {
  tries = 0;
  acknowledged = 0;
  readonly anomalies = new Map<string, { count: number; example: string }>();
  anomaly(kind: string, example: string) {
    const entry = this.anomalies.get(kind) ?? { count: 0, example };
    entry.count++;
    this.anomalies.set(kind, entry);
  }
  get total() {
    return [...this.anomalies.values()].reduce((sum, entry) => sum + entry.count, 0);
  }
}

interface Context {
  servers: Server[];
  accounts: Account[];
  adminToken: string;
  history: History;
}

/** The i-th server of a try: the racing requests of one try go to different processes. */
const serverFor = (ctx: Context, i: number) => ctx.servers[i % ctx.servers.length]!;

async function createGame(ctx: Context, creator: Account, seats: number): Promise<string> {
  const created = await expectStatus(ctx.servers[0]!.baseUrl, 'POST', '/v1/games', creator.token, { type: 'construction-yard', seats }, 201);
  return created.id as string;
}

/** A started 2-player game and its players by seat. */
async function twoPlayerGame(ctx: Context, players: [Account, Account]) {
  const gameId = await createGame(ctx, players[0], 2);
  await expectStatus(ctx.servers[0]!.baseUrl, 'POST', `/v1/games/${gameId}/join`, players[1].token, {}, 200);
  const game = await expectStatus(ctx.servers[0]!.baseUrl, 'GET', `/v1/games/${gameId}`, players[0].token, undefined, 200);
  const active = (game.activeSeats as number[])[0]!;
  const seatOf = (account: Account) => (game.seats as { seat: number; username: string | null }[]).find((seat) => seat.username === account.username)!.seat;
  const mover = players.find((player) => seatOf(player) === active)!;
  const other = players.find((player) => player !== mover)!;
  const legal = await expectStatus(ctx.servers[0]!.baseUrl, 'GET', `/v1/games/${gameId}/legal-actions`, mover.token, undefined, 200);
  return { gameId, mover, other, action: (legal.actions as unknown[])[0], version: legal.version as number };
}

const send = (ctx: Context, i: number, account: Account, kind: Parameters<History['send']>[0]['kind'], gameId: string, method: string, path: string, body?: unknown, idempotencyKey?: string) =>
  ctx.history.send({ kind, client: account.username, userId: account.userId, gameId, server: serverFor(ctx, i), method, path, token: account.token, body, idempotencyKey });

/** Three joins at once on a 4-seat game: each 200 must hold a seat; none may be refused. */
async function joinsRace(ctx: Context, tally: Tally, trial: number) {
  const [creator, ...joiners] = pick(ctx.accounts, trial, 4);
  const gameId = await createGame(ctx, creator!, 4);
  const answers = await Promise.all(joiners.map((joiner, i) => send(ctx, i, joiner, 'join', gameId, 'POST', `/v1/games/${gameId}/join`, {})));
  const game = await expectStatus(ctx.servers[0]!.baseUrl, 'GET', `/v1/games/${gameId}`, creator!.token, undefined, 200);
  const seated = new Set((game.seats as { username: string | null }[]).map((seat) => seat.username));
  answers.forEach(({ op }, i) => {
    if (op.outcome === 'ok') {
      tally.acknowledged++;
      if (!seated.has(joiners[i]!.username)) tally.anomaly('acknowledged join lost (seat overwritten)', gameId);
    } else if (op.outcome === 'refused') tally.anomaly(`join refused with a seat free (${op.status} ${op.code})`, gameId);
    else tally.anomaly(`join without an answer (${op.status ?? op.failure})`, gameId);
  });
}

/** A move racing the other player's resignation: verify passes, acknowledged writes are logged. */
async function resignRace(ctx: Context, tally: Tally, trial: number) {
  const [a, b] = pick(ctx.accounts, trial, 2);
  const { gameId, mover, other, action, version } = await twoPlayerGame(ctx, [a!, b!]);
  const [move, resign] = await Promise.all([
    send(ctx, 0, mover, 'move', gameId, 'POST', `/v1/games/${gameId}/actions`, { action, expectedVersion: version }),
    send(ctx, 1, other, 'resign', gameId, 'POST', `/v1/games/${gameId}/resign`),
  ]);
  const game = await snapshot(ctx.servers[0]!.baseUrl, ctx.adminToken, gameId);
  if (!game.verify?.ok) tally.anomaly('admin verify fails (stored state ≠ replay of the log)', gameId);
  if (move.op.outcome === 'ok') {
    tally.acknowledged++;
    const event = game.events.find((entry) => entry.seq === move.op.answer!.version);
    if (!event || event.kind !== 'action' || event.actorId !== mover.userId) tally.anomaly('acknowledged move not in the log', gameId);
  }
  if (resign.op.outcome === 'ok') {
    tally.acknowledged++;
    if (game.events.filter((event) => event.kind === 'resign' && event.actorId === other.userId).length !== 1) tally.anomaly('acknowledged resignation not in the log once', gameId);
  }
  for (const { op } of [move, resign]) if (op.outcome === 'error' || op.outcome === 'unknown') tally.anomaly(`${op.kind} answered ${op.status ?? op.failure}`, gameId);
}

/** The same move twice at once with one Idempotency-Key: the original's answer twice (or in flight), one event. */
async function idempotencyRace(ctx: Context, tally: Tally, trial: number) {
  const [a, b] = pick(ctx.accounts, trial, 2);
  const { gameId, mover, action, version } = await twoPlayerGame(ctx, [a!, b!]);
  const key = randomUUID();
  const copies = await Promise.all([0, 1].map((i) => send(ctx, i, mover, 'move', gameId, 'POST', `/v1/games/${gameId}/actions`, { action, expectedVersion: version }, key)));
  const game = await snapshot(ctx.servers[0]!.baseUrl, ctx.adminToken, gameId);
  const landed = game.events.filter((event) => event.kind === 'action' && event.actorId === mover.userId);
  const acked = copies.filter(({ op }) => op.outcome === 'ok').map(({ op }) => op);
  tally.acknowledged += acked.length;
  if (landed.length > 1) tally.anomaly('the move applied twice', gameId);
  if (new Set(acked.map((op) => op.answer!.version)).size > 1) tally.anomaly('the copies got different answers', gameId);
  for (const { op } of copies) {
    if (op.outcome === 'refused' && !isInFlightRefusal(op) && landed.length > 0) tally.anomaly(`a copy refused ${op.status} ${op.code} although the move landed`, gameId);
    if (op.outcome === 'error' || op.outcome === 'unknown') tally.anomaly(`a copy answered ${op.status ?? op.failure}`, gameId);
  }
  if (acked.length > 0 && landed.length === 0) tally.anomaly('acknowledged move not in the log', gameId);
  if (acked.length === 0 && landed.length === 0) tally.anomaly('both copies refused, nothing applied', gameId);
  if (!game.verify?.ok) tally.anomaly('admin verify fails', gameId);
}

/** The quotas the servers run with (set in their environment below; a --base-url server must use the same). */
const QUOTAS = { games: 20, webhooks: 20, tokens: 50, push: 10 };
const QUOTA_ENV = { OPEN_GAMES_PER_ACCOUNT: String(QUOTAS.games), WEBHOOKS_PER_ACCOUNT: String(QUOTAS.webhooks), API_TOKENS_PER_ACCOUNT: String(QUOTAS.tokens), PUSH_SUBSCRIPTIONS_PER_ACCOUNT: String(QUOTAS.push), WEBHOOK_ALLOW_PRIVATE: 'true' };

/** A made-up browser's push keys: a P-256 public key and 16 random bytes. */
const pushKeys = () => ({ p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') });

/** What each quota race creates, how it refuses past the quota, and how to count what the account holds. */
const QUOTA_RACES: Record<'games' | 'webhooks' | 'tokens' | 'push', { code: string; path: string; body: (i: number) => unknown; held: (list: unknown) => number; list: string }> = {
  games: { code: 'TOO_MANY_OPEN_GAMES', path: '/v1/games', body: () => ({ type: 'construction-yard', seats: 4 }), list: '/v1/games?mine=true&status=open&limit=100', held: (page) => (page as { total: number }).total },
  webhooks: { code: 'TOO_MANY_WEBHOOKS', path: '/v1/me/webhooks', body: (i) => ({ url: `http://127.0.0.1:9/hook/${i}`, events: ['your_turn'] }), list: '/v1/me/webhooks', held: (list) => (list as unknown[]).length },
  tokens: { code: 'TOO_MANY_TOKENS', path: '/v1/me/tokens', body: (i) => ({ name: `racer ${i}`, scopes: ['read'] }), list: '/v1/me/tokens', held: (list) => (list as { revokedAt: string | null }[]).filter((token) => !token.revokedAt).length },
  push: { code: 'TOO_MANY_PUSH_SUBSCRIPTIONS', path: '/v1/me/push-subscriptions', body: (i) => ({ endpoint: `http://127.0.0.1:9/push/${randomUUID()}/${i}`, keys: pushKeys() }), list: '/v1/me/push-subscriptions', held: (list) => (list as unknown[]).length },
};

/** A burst of QUOTA + 20 creations by one fresh account: exactly the quota succeed and are held. */
const quotaRace = (race: keyof typeof QUOTA_RACES) => async (ctx: Context, tally: Tally) => {
  const { code, path, body, list, held } = QUOTA_RACES[race];
  const quota = QUOTAS[race];
  const [account] = await registerMany(ctx.servers[0]!.baseUrl, `quota_${randomUUID().slice(0, 8)}`, 1);
  const answers = await Promise.all(Array.from({ length: quota + 20 }, (_, i) => send(ctx, i, account!, 'create', account!.userId, 'POST', path, body(i))));
  const ok = answers.filter(({ op }) => op.outcome === 'ok').length;
  tally.acknowledged += ok;
  if (ok > quota) tally.anomaly(`${ok} created past a quota of ${quota}`, account!.username);
  if (ok < quota) tally.anomaly(`only ${ok} created below a quota of ${quota}`, account!.username);
  for (const { op } of answers) if (op.outcome !== 'ok' && op.code !== code) tally.anomaly(`refused with ${op.status} ${op.code ?? op.failure} instead of ${code}`, account!.username);
  const holds = held(await expectStatus(ctx.servers[0]!.baseUrl, 'GET', list, account!.token, undefined, 200));
  if (holds !== quota) tally.anomaly(`the account holds ${holds} (quota ${quota})`, account!.username);
};

/** `count` distinct accounts for try `trial`, rotating through the pool. */
function pick(accounts: Account[], trial: number, count: number): Account[] {
  return Array.from({ length: count }, (_, k) => accounts[(trial * count + k) % accounts.length]!);
}

const RUNNERS: Record<RaceName, (ctx: Context, tally: Tally, trial: number) => Promise<void>> = {
  joins: joinsRace, resign: resignRace, idem: idempotencyRace,
  games: quotaRace('games'), webhooks: quotaRace('webhooks'), tokens: quotaRace('tokens'), push: quotaRace('push'),
};
const TITLES: Record<RaceName, string> = {
  joins: '3 joins at once (4-seat game)',
  resign: 'a move while the other seat resigns',
  idem: 'the same move twice at once, same Idempotency-Key',
  games: `${QUOTAS.games + 20} games created at once by one account (quota ${QUOTAS.games})`,
  webhooks: `${QUOTAS.webhooks + 20} webhooks at once (quota ${QUOTAS.webhooks})`,
  tokens: `${QUOTAS.tokens + 20} API tokens at once (quota ${QUOTAS.tokens})`,
  push: `${QUOTAS.push + 20} push subscriptions at once (quota ${QUOTAS.push})`,
};

async function main() {
  let database: Database | null = null;
  const processes: ServerProcess[] = [];
  let servers: Server[];
  let admin = ADMIN;
  try {
    if (baseUrlGiven) {
      servers = [{ name: 'given', baseUrl: baseUrlGiven.replace(/\/$/, '') }];
      admin = { username: process.env.RACES_ADMIN_USERNAME ?? ADMIN.username, password: process.env.RACES_ADMIN_PASSWORD ?? ADMIN.password };
    } else {
      const fresh = await freshDatabase(undefined, say);
      database = fresh;
      processes.push(...(await Promise.all(Array.from({ length: serverCount }, (_, i) => startServer(`server${i + 1}`, { databaseUrl: fresh.url, logFile: args.log ?? process.env.RACES_LOG, env: { ...QUOTA_ENV, ...vapidEnv() } })))));
      servers = processes.map((server) => ({ name: server.name, baseUrl: server.baseUrl }));
      say(`${serverCount} server process(es) (node --import tsx src/main.ts) on one fresh database: ${servers.map((server) => server.baseUrl).join(', ')}`);
    }
    const adminToken = await login(servers[0]!.baseUrl, admin.username, admin.password);
    const accounts = await registerMany(servers[0]!.baseUrl, `racer_${Date.now().toString(36)}`, Math.max(8, 4 * parallel));
    const ctx: Context = { servers, accounts, adminToken, history: new History() };
    const tallies = new Map<RaceName, Tally>();
    for (const race of only) {
      const tally = new Tally();
      tallies.set(race, tally);
      const started = Date.now();
      let next = 0;
      await Promise.all(Array.from({ length: parallel }, async (_, lane) => {
        for (let trial = next++; trial < tries; trial = next++) {
          // Each lane uses its own accounts, so parallel tries never share a player.
          await RUNNERS[race]({ ...ctx, accounts: accounts.slice(lane * 4, lane * 4 + 4) }, tally, trial);
          tally.tries++;
        }
      }));
      say(`${race}: ${tally.tries} tries in ${((Date.now() - started) / 1000).toFixed(1)} s, ${tally.total} anomalies`);
    }
    console.log('');
    console.log('| race | tries | acknowledged writes | anomalies | by kind (an example game) |');
    console.log('|---|---|---|---|---|');
    for (const [race, tally] of tallies) {
      const kinds = [...tally.anomalies].map(([kind, { count, example }]) => `${count} × ${kind} (${example})`).join('; ') || '—';
      console.log(`| ${TITLES[race]} | ${tally.tries} | ${tally.acknowledged} | ${tally.total} | ${kinds} |`);
    }
    process.exitCode = [...tallies.values()].some((tally) => tally.total > 0) ? 1 : 0;
  } finally {
    await Promise.all(processes.map((server) => server.stop()));
    await database?.drop();
  }
}

await main().catch((error: unknown) => {
  console.error('[races] failed:', error);
  process.exitCode = 2;
});

