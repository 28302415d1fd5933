import type { LogEntry } from '../../engine/types.js';
import { GUILDS, HELPERS, MONEY, ROUND_END_LIMIT, SEASON_GUILDS, TOKEN_LIMIT, WORK_POINTS, type GuildId } from './data.js';
import { colourSetPoints, finishGame, scoreShips, scoreStorehouse } from './scoring.js';
import { withItem, type GuildTownState, type Prompt } from './state.js';
import { entry, guild as guildTerm, who } from './log-entry.js';
import { guildWords } from './words.js';

/** Mutable context of one `apply`. */
export interface Ctx {
  s: GuildTownState;
  seat: number;
  log: LogEntry[];
  irreversible: boolean;
}

export const SEASON_NAMES = ['spring', 'summer', 'autumn', 'winter'];

export function currentGuilds(s: GuildTownState): GuildId[] {
  return SEASON_GUILDS[s.season];
}

/** Start a season: helpers phase (spring–autumn) or straight to the winter guilds. */
export function startRound(ctx: Ctx): void {
  const s = ctx.s;
  for (const p of s.players) {
    p.helpers = HELPERS;
    p.passed = false;
  }
  ctx.log.push(entry('season', { year: s.year, season: { term: `season.${SEASON_NAMES[s.season]}` } }, `Year ${s.year}, ${SEASON_NAMES[s.season]} begins.`));
  if (s.season === 3) {
    startGuilds(ctx);
    return;
  }
  s.phase = 'helpers';
  s.cursor = 0;
}

/** Move the helpers-phase cursor to the next player who may still send; end the phase when none. */
export function advanceHelpers(ctx: Ctx): void {
  const s = ctx.s;
  for (let step = 1; step <= s.seats; step++) {
    const at = (s.cursor + step) % s.seats;
    const p = s.players[s.order[at]];
    if (!p.passed && p.helpers > 0) {
      s.cursor = at;
      return;
    }
  }
  for (const seat of s.order) {
    if (s.players[seat].helpers > 0) {
      s.players[seat].points += 1;
      ctx.log.push(entry('keptHelper', { player: who(seat) }, `Seat ${seat} kept a helper back: 1 point.`));
    }
  }
  startGuilds(ctx);
}

function startGuilds(ctx: Ctx): void {
  ctx.s.phase = 'guilds';
  ctx.s.stage = 0;
  buildQueue(ctx);
}

function buildQueue(ctx: Ctx): void {
  const s = ctx.s;
  for (;;) {
    const guilds = currentGuilds(s);
    if (s.stage >= guilds.length) {
      endGuildsPhase(ctx);
      return;
    }
    const guild = guilds[s.stage];
    if (s.season === 3) s.queue = s.order.map((seat) => ({ seat, gold: false, helper: null }));
    else {
      const g = GUILDS.indexOf(guild);
      s.queue = [];
      s.guilds[g].forEach((stack, space) => stack.forEach((h, i) => s.queue.push({ seat: h.seat, gold: space === 0, helper: [space, i] })));
    }
    if (s.queue.length > 0) {
      ctx.log.push(entry('stage', { guild: guildTerm(guild) }, `Stage: ${guildWords(guild)}.`));
      nextTurn(ctx);
      return;
    }
    s.stage++;
  }
}

function nextTurn(ctx: Ctx): void {
  const s = ctx.s;
  const entry = s.queue[0];
  s.queue = s.queue.slice(1);
  if (!entry) {
    s.stage++;
    buildQueue(ctx);
    return;
  }
  const guild = currentGuilds(s)[s.stage];
  const prompt: Prompt = guild === 'townhall' ? { kind: 'hall', done: [] } : { kind: 'main' };
  s.turn = {
    seat: entry.seat,
    guild,
    gold: entry.gold,
    privUsed: false,
    wp: guild === 'craftsmen' ? WORK_POINTS[s.year] : 0,
    freeRaw: 0,
    helper: entry.helper,
    bankTaken: 0,
    looked: false,
    prompt,
  };
}

/** The acting helper has finished; record a used privilege on its disc and go on. */
export function endTurn(ctx: Ctx): void {
  const s = ctx.s;
  const turn = s.turn;
  if (turn && turn.privUsed && turn.helper) {
    const g = GUILDS.indexOf(turn.guild);
    const [space, at] = turn.helper;
    s.guilds = withItem(s.guilds, g, (track) => withItem(track, space, (stack) => withItem(stack, at, (h) => ({ ...h, priv: true }))));
  }
  s.turn = null;
  nextTurn(ctx);
}

function endGuildsPhase(ctx: Ctx): void {
  const s = ctx.s;
  // Version 3 runs the final phase in winter too ("the helpers phase is skipped", nothing else).
  if (s.season !== 3 || s.rules?.winterFinalPhase === true) finalPhase(ctx);
  // Order for the next round.
  if (s.seats === 2) s.order = [s.order[1], s.order[0]];
  else if (s.changeOrder.length > 0) s.order = [...s.changeOrder, ...s.order.filter((seat) => !s.changeOrder.includes(seat))];
  s.changeOrder = [];
  s.turn = null;
  s.queue = [];
  if (s.season === 3) {
    // Whose investment turn comes shows who holds four colours, hidden before: version 4 keeps it from take-backs.
    if (s.rules?.revealsIrreversible === true) ctx.irreversible = true;
    yearEndScoring(ctx);
    s.phase = 'invest';
    s.cursor = -1;
    advanceInvest(ctx);
  } else startDiscard(ctx);
}

/** Final phase: a privilege token to the player(s) with the fewest helpers left on the board. */
function finalPhase(ctx: Ctx): void {
  const s = ctx.s;
  const onBoard = s.players.map(() => 0);
  for (const guild of s.guilds) for (const stack of guild) for (const h of stack) if (h.priv) onBoard[h.seat]++;
  const fewest = Math.min(...onBoard);
  const equalTwo = s.seats === 2 && onBoard[0] === onBoard[1];
  if (!equalTwo) {
    // Players further right on the order track are served first when the bank runs short.
    for (const seat of [...s.order].reverse()) {
      if (onBoard[seat] !== fewest) continue;
      const p = s.players[seat];
      if (s.privBank > 0 && p.privTokens < TOKEN_LIMIT) {
        s.privBank--;
        p.privTokens++;
        ctx.log.push(entry('fewestHelpers', { player: who(seat) }, `Seat ${seat} has the fewest helpers on the board and takes a privilege token.`));
      }
    }
  }
  s.guilds = s.guilds.map((guild) => guild.map(() => []));
}

function startDiscard(ctx: Ctx): void {
  ctx.s.phase = 'discard';
  ctx.s.cursor = -1;
  advanceDiscard(ctx);
}

/** Next player (in order) holding more than 8 money cards at the end of the round. */
export function advanceDiscard(ctx: Ctx): void {
  const s = ctx.s;
  for (let at = Math.max(0, s.cursor); at < s.seats; at++) {
    if (s.players[s.order[at]].money.length > ROUND_END_LIMIT) {
      s.cursor = at;
      return;
    }
  }
  nextSeason(ctx);
}

/** Next player (in order) who holds four colours and may invest. */
export function advanceInvest(ctx: Ctx): void {
  const s = ctx.s;
  for (let at = s.cursor + 1; at < s.seats; at++) {
    if (canInvest(s, s.order[at])) {
      s.cursor = at;
      return;
    }
  }
  // Then the round's money limit applies.
  startDiscard(ctx);
}

export function canInvest(s: GuildTownState, seat: number): boolean {
  const colours = new Set(s.players[seat].money.map((id) => MONEY[id].colour));
  return colours.size === 4;
}

function yearEndScoring(ctx: Ctx): void {
  const s = ctx.s;
  const ships = scoreShips(s.ships, s.seats);
  const colours = s.players.map((p) => colourSetPoints(p.town.map((r) => r.card)));
  const store = scoreStorehouse(s.storehouse, s.seats);
  s.players.forEach((p, seat) => {
    p.points += ships.total[seat] + colours[seat] + store[seat];
  });
  for (const ship of s.ships) for (const storage of ship) for (const m of storage) if (m >= 0) s.players[m].supply++;
  for (const storage of s.storehouse) for (const m of storage) if (m >= 0) s.players[m].supply++;
  s.ships = s.ships.map((ship) => ship.map(() => [-1, -1]));
  // The storehouse is emptied and the granary refilled with the 14 natural cubes.
  s.storehouse = s.storehouse.map(() => [-1, -1]);
  s.naturalOff = 0;
  s.yearScores = [...s.yearScores, { year: s.year, ships: ships.total, colours, storehouse: store, invest: s.players.map(() => 0) }];
  ctx.log.push(
    entry('yearScoring', { ships: ships.total.join('/'), colours: colours.join('/'), storehouse: store.join('/') }, `The ships sail (${ships.total.join('/')}), the town grows (${colours.join('/')}), the storehouse counts (${store.join('/')}).`, {
      data: { ships, colours, store },
    }),
  );
}

function nextSeason(ctx: Ctx): void {
  const s = ctx.s;
  if (s.season < 3) {
    s.season++;
    startRound(ctx);
    return;
  }
  if (s.year >= 3) {
    finishGame(s);
    ctx.log.push(entry('gameEnd', {}, 'The third year is over: the game ends.', { data: s.final }));
    return;
  }
  s.year++;
  s.season = 0;
  startRound(ctx);
}
