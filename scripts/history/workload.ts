/**
 * The history checker's run: concurrent clients (one account each, one request at a time except
 * the deliberate concurrent copies of an idempotent move) play a random mix of operations over many
 * construction-yard games on two server processes sharing PostgreSQL, an admin client moderates,
 * and optionally one process is SIGKILLed and restarted every few seconds. Every request and answer
 * is recorded; at the end each game is read through the admin routes and the history is checked
 * (checker.ts).
 *
 * The mix: create (some games with a 1-2 s per-move deadline — each client's first game among them —
 * whose players walk away for 3 s on their first turn in one and now and then after, so that it times
 * out and hands seats to bots, some moved back to rules version 1 for migrations), join, leave, start, a seat given to a
 * bot, moves (with expectedVersion, without, with a stale one, with an Idempotency-Key: once, retried
 * after the answer, or two copies at once to both processes; a copy without an answer is retried
 * with its key, as a client would), take-backs, undo requests and their answers, resignations;
 * admin aborts, seat replacements and rules migrations (dry runs too).
 */
import { randomUUID } from 'node:crypto';
import { ADMIN, freshDatabase, startServer, type Database, type ServerProcess } from './servers.js';
import { login, registerMany, snapshot, type Account, type GameSnapshot } from './api.js';
import { checkHistory, type Anomaly } from './checker.js';
import { History, type OpKind, type Operation, type Request } from './recorder.js';

export interface RunOptions {
  seconds: number;
  /**
   * Go on past `seconds` (up to this long) until each of these kinds of write was acknowledged at
   * least so often: the test's guarantee that the mix really ran.
   */
  minimums?: { maxSeconds: number; acknowledged: Partial<Record<OpKind, number>> };
  /** SIGKILL one process every this many seconds and restart it (null: never). */
  killEverySeconds: number | null;
  clients: number;
  /** Games kept running at once (new ones are created as others end). */
  liveGames: number;
  /** Pause of each client between its steps (keeps the CPU modest in the test suite). */
  thinkMs: number;
  seed?: number;
  say?: (line: string) => void;
  /** Where the server processes write their output (default /dev/null). */
  logFile?: string;
  /** The PostgreSQL server to create the run's database on (default DATABASE_URL, else a temporary embedded one). */
  serverUrl?: string;
  /**
   * What happens to the database while the clients run (`npm run failover` fails the cluster over):
   * when given, the run lasts until it resolves instead of `seconds`. It gets the history's clock.
   */
  drive?: (run: { now(): number; operations: readonly Operation[] }) => Promise<void>;
  /** Extra environment of the server processes. */
  serverEnv?: Record<string, string>;
}

export interface RunResult {
  operations: Operation[];
  anomalies: Anomaly[];
  games: GameSnapshot[];
  kills: number;
  seconds: number;
  /** Workload errors (a bug in the checker's own client code, not the server's). */
  clientErrors: string[];
}

/** A small seeded generator (mulberry32), so a run's choices can be repeated from its seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}
type Random = ReturnType<typeof generator>;

interface GameDetail {
  id: string;
  status: string;
  version: number;
  seatCount: number;
  activeSeats: number[];
  yourSeat: number | null;
  seats: { seat: number; username: string | null; bot: string | null; resigned: boolean }[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class Run {
  readonly history = new History();
  /** Every game created (checked at the end) and those still running (chosen by the clients). */
  readonly allGames = new Set<string>();
  readonly live = new Set<string>();
  readonly creatorOf = new Map<string, string>();
  /** Games moved back to rules version 1 at creation: the admin migrates these. */
  readonly oldRules = new Set<string>();
  /** Games with a per-move deadline: their players sometimes let it pass. */
  readonly timed = new Set<string>();
  /** Each game's status as last read by any client. */
  readonly statusOf = new Map<string, string>();
  stopping = false;
  clientErrors: string[] = [];

  constructor(readonly servers: ServerProcess[], readonly database: Database) {}

  /** A process that is up (waits while both are down). */
  async server(random: Random): Promise<ServerProcess> {
    for (;;) {
      const up = this.servers.filter((server) => !server.down);
      if (up.length > 0) return random.pick(up);
      await sleep(100);
    }
  }

  async send(random: Random, request: Omit<Request, 'server'>, server?: ServerProcess) {
    return this.history.send({ ...request, server: server ?? (await this.server(random)) });
  }
}

class Client {
  private readonly random: Random;
  /** Idempotent moves to send again later: once answered (a retry gets the first answer) or unanswered (the client cannot know). */
  private readonly retries: Omit<Request, 'server'>[] = [];
  /** Games this client holds a seat in (as far as its acknowledged joins and leaves say). */
  private readonly mine = new Set<string>();
  /** Of those, the ones last seen running: asked for legal actions straight away. */
  private readonly playing = new Set<string>();
  /** Timed games where this client lets its deadline pass: it does not move there until then. */
  private readonly idleUntil = new Map<string, number>();
  /** Whether this client has walked away from a timed game yet (its first turn in one always does: a deadline passes in every run). */
  private walkedAway = false;
  /** Whether this client has created a game yet (its first is timed, so every run has timed games). */
  private created = false;
  constructor(private readonly run: Run, private readonly account: Account, seed: number, private readonly options: RunOptions) {
    this.random = generator(seed);
  }

  private request(kind: OpKind, gameId: string | null, method: string, path: string, body?: unknown, idempotencyKey?: string): Omit<Request, 'server'> {
    return { kind, client: this.account.username, userId: this.account.userId, gameId, method, path, token: this.account.token, body, idempotencyKey };
  }

  private send(kind: OpKind, gameId: string | null, method: string, path: string, body?: unknown) {
    return this.run.send(this.random, this.request(kind, gameId, method, path, body));
  }

  async loop() {
    while (!this.run.stopping) {
      try {
        await this.step();
      } catch (error) {
        this.run.clientErrors.push(`${this.account.username}: ${(error as Error).stack ?? error}`);
      }
      if (this.options.thinkMs > 0) await sleep(this.random.int(this.options.thinkMs / 2, this.options.thinkMs * 1.5));
    }
  }

  private async step() {
    const retry = this.retries.shift();
    if (retry && this.random.chance(0.7)) {
      const { op } = await this.run.send(this.random, retry);
      if (op.outcome === 'unknown') this.retries.push(retry);
      return;
    }
    if (retry) this.retries.unshift(retry);
    if (this.run.live.size < this.options.liveGames && this.random.chance(0.3)) return this.create();
    const ids = [...this.run.live];
    if (ids.length === 0) return this.create();
    const playing = [...this.playing].filter((id) => this.run.live.has(id));
    if (playing.length > 0 && this.random.chance(0.6)) return this.turn(this.random.pick(playing));
    const mine = [...this.mine].filter((id) => this.run.live.has(id));
    const gameId = mine.length > 0 && this.random.chance(0.75) ? this.random.pick(mine) : this.random.pick(ids);
    const { op, full } = await this.send('read', gameId, 'GET', `/v1/games/${gameId}`);
    if (op.outcome !== 'ok') return;
    const game = full as unknown as GameDetail;
    this.run.statusOf.set(gameId, game.status);
    if (game.status === 'finished' || game.status === 'aborted' || (game.status === 'active' && game.yourSeat === null)) {
      if (game.status !== 'active') this.run.live.delete(gameId);
      this.mine.delete(gameId);
      this.playing.delete(gameId);
      return;
    }
    if (game.status === 'open') return this.lobby(game);
    if (game.yourSeat === null) return;
    this.playing.add(gameId);
    return this.turn(gameId);
  }

  /** In a running game of this client's: a move when it is its turn, else an undo answer, request, take-back or resignation. */
  private async turn(gameId: string) {
    const { op, full } = await this.send('read', gameId, 'GET', `/v1/games/${gameId}/legal-actions`);
    if (op.outcome === 'refused') this.playing.delete(gameId); // the seat went to a bot
    if (op.outcome !== 'ok') return;
    const legal = full as unknown as { version: number; seat: number | null; actions: unknown[] };
    if (legal.actions.length > 0) {
      // Now and then a player walks away from a timed game for longer than its 1-2 s deadline: the
      // deadline passes and the server moves for them (players this quick would never let it pass).
      if (this.run.timed.has(gameId)) {
        if (Date.now() < (this.idleUntil.get(gameId) ?? 0)) return;
        if (!this.walkedAway || this.random.chance(0.1)) {
          this.walkedAway = true;
          return void this.idleUntil.set(gameId, Date.now() + 3000);
        }
      }
      return this.move(gameId, legal);
    }
    const roll = this.random.next();
    if (roll < 0.5) return this.answerUndoRequests(gameId, legal.seat);
    if (roll < 0.6) return void (await this.send('undo-request', gameId, 'POST', `/v1/games/${gameId}/undo-requests`));
    if (roll < 0.65) return void (await this.send('take-back', gameId, 'POST', `/v1/games/${gameId}/take-back`));
    if (roll < 0.69) return void (await this.send('resign', gameId, 'POST', `/v1/games/${gameId}/resign`));
  }

  private async create() {
    const seats = this.random.int(2, 4);
    // Urbanization's moves can all be taken back (nothing is drawn); construction yard is the game.
    const type = this.random.chance(0.5) ? 'urbanization' : 'construction-yard';
    // Bots play a seat they took over at full speed: few timed games, so bots do not crowd out the clients.
    const timed = !this.created || this.random.chance(0.25);
    this.created = true;
    const body = { type, seats, ...(timed ? { timeControl: { kind: 'per-move', moveSeconds: this.random.int(1, 2), timeoutsBeforeBot: this.random.int(2, 3) } } : {}) };
    const { op, full } = await this.send('create', null, 'POST', '/v1/games', body);
    if (op.outcome !== 'ok') return;
    const gameId = full!.id as string;
    op.gameId = gameId;
    this.run.allGames.add(gameId);
    this.run.creatorOf.set(gameId, this.account.userId);
    if (timed) this.run.timed.add(gameId);
    this.mine.add(gameId);
    // As if created before an upgrade: admin migrations then have something to do.
    // (Skipped when the database does not answer, e.g. during a failover: the game just keeps the newest rules.)
    if (this.random.chance(0.3) && (await this.run.database.query(`UPDATE games SET rules_version = 1 WHERE id = $1 AND status = 'open'`, [gameId]).then(() => true, () => false))) {
      this.run.oldRules.add(gameId);
    }
    this.run.live.add(gameId);
  }

  private async lobby(game: GameDetail) {
    const creator = this.run.creatorOf.get(game.id) === this.account.userId;
    const free = game.seats.filter((seat) => seat.username === null && seat.bot === null).map((seat) => seat.seat);
    if (game.yourSeat === null) {
      if (this.random.chance(0.8) && (await this.send('join', game.id, 'POST', `/v1/games/${game.id}/join`, {})).op.outcome === 'ok') this.mine.add(game.id);
      return;
    }
    if (!creator) {
      if (this.random.chance(0.15) && (await this.send('leave', game.id, 'POST', `/v1/games/${game.id}/leave`)).op.outcome === 'ok') this.mine.delete(game.id);
      return;
    }
    const seated = game.seats.length - free.length;
    if (seated >= 2 && this.random.chance(0.3)) await this.send('start', game.id, 'POST', `/v1/games/${game.id}/start`);
    else if (free.length > 1 && this.random.chance(0.1)) await this.send('seat-bot', game.id, 'PUT', `/v1/games/${game.id}/seats/${this.random.pick(free)}`, { fill: 'bot', bot: 'random' });
  }

  private async move(gameId: string, legal: { version: number; actions: unknown[] }) {
    const game = { id: gameId };
    const action = this.random.pick(legal.actions);
    const version = legal.version;
    const path = `/v1/games/${game.id}/actions`;
    const roll = this.random.next();
    let moved: boolean;
    if (roll < 0.3) moved = (await this.send('move', game.id, 'POST', path, { action, expectedVersion: version })).op.outcome === 'ok';
    else if (roll < 0.45) moved = (await this.send('move', game.id, 'POST', path, { action })).op.outcome === 'ok';
    else if (roll < 0.52 && version > 0) moved = (await this.send('move', game.id, 'POST', path, { action, expectedVersion: version - 1 })).op.outcome === 'ok';
    else {
      const keyed = this.request('move', game.id, 'POST', path, { action, expectedVersion: version }, randomUUID());
      if (roll < 0.8) {
        const { op } = await this.run.send(this.random, keyed);
        if (op.outcome === 'unknown' || (op.outcome === 'ok' && this.random.chance(0.4))) this.retries.push(keyed);
        moved = op.outcome === 'ok';
      } else {
        // Two copies at once, one to each process when both are up.
        const up = this.run.servers.filter((server) => !server.down);
        const copies = await Promise.all([0, 1].map((i) => this.run.send(this.random, keyed, up[i % Math.max(up.length, 1)])));
        if (copies.every(({ op }) => op.outcome === 'unknown')) this.retries.push(keyed);
        moved = copies.some(({ op }) => op.outcome === 'ok');
      }
    }
    if (!moved) return;
    // Second thoughts: take it back at once (nobody moved since), or ask the others.
    const after = this.random.next();
    if (after < 0.25) await this.send('take-back', game.id, 'POST', `/v1/games/${game.id}/take-back`);
    else if (after < 0.32) await this.send('undo-request', game.id, 'POST', `/v1/games/${game.id}/undo-requests`);
  }

  private async answerUndoRequests(gameId: string, seat: number | null) {
    const game = { id: gameId };
    const { op, full } = await this.send('read', game.id, 'GET', `/v1/games/${game.id}/undo-requests`);
    if (op.outcome !== 'ok') return;
    const open = (full as unknown as { id: string; seat: number; status: string }[]).filter((request) => request.status === 'open' && request.seat !== seat);
    if (open.length === 0) return;
    const request = this.random.pick(open);
    const answer = this.random.chance(0.75) ? 'approve' : 'decline';
    await this.send(answer === 'approve' ? 'undo-approve' : 'undo-decline', game.id, 'POST', `/v1/games/${game.id}/undo-requests/${request.id}/${answer}`);
  }
}

/** The admin: aborts now and then, gives seats to bots, migrates games created under old rules. */
class Admin {
  private readonly random: Random;
  constructor(private readonly run: Run, private readonly token: string, seed: number, private readonly pauseMs: number) {
    this.random = generator(seed);
  }

  private send(kind: OpKind, gameId: string, method: string, path: string, body?: unknown) {
    return this.run.send(this.random, { kind, client: 'admin', userId: null, gameId, method, path, token: this.token, body });
  }

  /** In turn: migrations (of games under old rules when there are some), seat replacements, now and then an abort. */
  async loop() {
    for (let turn = 0; !this.run.stopping; turn++) {
      await sleep(this.random.int(this.pauseMs / 2, this.pauseMs * 1.5));
      const ids = [...this.run.live];
      if (ids.length === 0) continue;
      const old = ids.filter((id) => this.run.oldRules.has(id));
      const abort = turn % 12 === 11;
      const replace = !abort && turn % 3 === 0;
      // Mostly the newest open game under old rules, where a migration goes through (a running one's is refused: v2 deals differently).
      const open = old.filter((id) => this.run.statusOf.get(id) !== 'active');
      const gameId = !abort && !replace && old.length > 0 ? (open.length > 0 && this.random.chance(0.8) ? open.at(-1)! : this.random.pick(old)) : this.random.pick(ids);
      try {
        const { op, full } = await this.send('read', gameId, 'GET', `/v1/games/${gameId}`);
        if (op.outcome !== 'ok') continue;
        const game = full as unknown as GameDetail;
        if (abort) await this.send('abort', gameId, 'POST', `/v1/admin/games/${gameId}/abort`, { reason: 'history check' });
        else if (replace) await this.send('replace-seat', gameId, 'POST', `/v1/admin/games/${gameId}/seats/${this.random.int(0, game.seatCount - 1)}/bot`, {});
        else {
          const dryRun = this.random.chance(0.3);
          const { op: migrated } = await this.send('migrate-rules', gameId, 'POST', `/v1/admin/games/${gameId}/migrate-rules?dryRun=${dryRun}`);
          if (migrated.code === 'ALREADY_NEWEST_RULES' || (migrated.outcome === 'ok' && !dryRun)) this.run.oldRules.delete(gameId);
        }
      } catch (error) {
        this.run.clientErrors.push(`admin: ${(error as Error).stack ?? error}`);
      }
    }
  }
}

async function pooled<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/** Starts a fresh database and two server processes, runs the mix, reads every game back and checks the history. */
export async function runHistoryCheck(options: RunOptions): Promise<RunResult> {
  const say = options.say ?? (() => {});
  const seed = options.seed ?? Date.now() % 1_000_000;
  const setUp = Date.now();
  const database = await freshDatabase(options.serverUrl, say);
  say(`database created and migrated in ${((Date.now() - setUp) / 1000).toFixed(1)} s`);
  const servers: ServerProcess[] = [];
  try {
    servers.push(...(await Promise.all(['A', 'B'].map((name) => startServer(name, { databaseUrl: database.url, logFile: options.logFile, env: options.serverEnv })))));
    say(`service processes ready in ${((Date.now() - setUp) / 1000).toFixed(1)} s`);
    say(`seed ${seed}; processes A ${servers[0]!.baseUrl}, B ${servers[1]!.baseUrl} (node --import tsx src/main.ts) on database ${database.url.replace(/[?#].*$/, "").split("/").pop()}`);
    const run = new Run(servers, database);
    const accounts = await registerMany(servers[0]!.baseUrl, `hist_${seed}_${Date.now().toString(36)}`, options.clients);
    const adminToken = await login(servers[0]!.baseUrl, ADMIN.username, ADMIN.password);

    let kills = 0;
    const started = Date.now();
    const loops = [
      ...accounts.map((account, i) => new Client(run, account, seed * 1000 + i, options).loop()),
      new Admin(run, adminToken, seed * 1000 + 999, Math.max(200, options.thinkMs * 4)).loop(),
    ];
    const killer = (async () => {
      if (options.killEverySeconds === null) return;
      const random = generator(seed + 7);
      for (;;) {
        const until = Date.now() + options.killEverySeconds * 1000;
        while (Date.now() < until && !run.stopping) await sleep(100);
        if (run.stopping) return;
        const victim = random.pick(servers);
        say(`SIGKILL process ${victim.name}`);
        await victim.kill();
        kills++;
        const t0 = Date.now();
        await victim.restart();
        say(`process ${victim.name} restarted in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      }
    })();
    const progress = setInterval(() => {
      const ops = run.history.operations;
      const writes = ops.filter((op) => op.kind !== 'read');
      const unanswered = ops.filter((op) => op.outcome === 'unknown' && !Number.isNaN(op.end)).length;
      say(`${Math.round((Date.now() - started) / 1000)} s: ${ops.length} requests (${writes.filter((op) => op.outcome === 'ok').length} writes acknowledged, ${writes.filter((op) => op.outcome === 'refused').length} refused, ${unanswered} unanswered), ${run.allGames.size} games, ${kills} kills`);
    }, 10_000);
    try {
      await (options.drive ? options.drive({ now: () => run.history.now(), operations: run.history.operations }) : sleep(options.seconds * 1000));
      const short = () => Object.entries(options.minimums?.acknowledged ?? {}).filter(([kind, minimum]) => run.history.operations.filter((op) => op.kind === kind && op.outcome === 'ok').length < minimum!).map(([kind]) => kind);
      while (options.minimums && short().length > 0 && Date.now() - started < options.minimums.maxSeconds * 1000) await sleep(250);
      if (short().length > 0) say(`stopping with too few acknowledged: ${short().join(', ')}`);
    } finally {
      // Also when `drive` throws (the failover drill gives up): the clients stop before the servers and the database go.
      run.stopping = true;
      clearInterval(progress);
      await Promise.all(loops);
      await killer;
    }
    const seconds = (Date.now() - started) / 1000;
    say(`stopped after ${seconds.toFixed(1)} s; reading ${run.allGames.size} games back`);

    const games: GameSnapshot[] = [];
    await pooled([...run.allGames], 4, async (gameId) => {
      games.push(await snapshot(servers[0]!.baseUrl, adminToken, gameId));
    });
    const anomalies = checkHistory({ operations: run.history.operations, games, userIdByName: new Map(accounts.map((account) => [account.username, account.userId])) });
    return { operations: run.history.operations, anomalies, games, kills, seconds, clientErrors: run.clientErrors };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
  }
}
