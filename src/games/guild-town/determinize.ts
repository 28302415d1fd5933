import { forkRng, without } from '../../engine/determinize.js';
import type { Rng } from '../../engine/rng.js';
import { BUILDINGS, GUILDS, HAND_LIMIT, MONEY, SEASON_GUILDS, WORK_POINTS } from './data.js';
import type { GuildTownRules, GuildTownState, PlayerState, Turn } from './state.js';
import type { GuildTownView } from './view.js';

type RowName = 'basic' | 'expanded' | 'advanced';
const ROWS: RowName[] = ['basic', 'expanded', 'advanced'];

/**
 * A full state consistent with what `seat` sees in `view`. Hidden and dealt at random from what the
 * seat has not seen: the other players' money and building cards, the money deck and discard, the
 * three building piles (each from its tier's unseen cards, house cards on top as setup stacks them),
 * the cards another player is looking at, and the RNG. The bookkeeping the view leaves out is
 * rebuilt from the board: the cursor from the seat to act, the helper turns still queued from the
 * guild track (the acting helper is taken to be the first unfinished disc of its seat and space),
 * and the turn's counters (face-up bank cards taken: the row's empty slots; a look: one under way;
 * version 3's owed raw material: a work point spent and a free one left).
 */
export function determinize(view: GuildTownView, seat: number, rng: Rng, rules?: GuildTownRules): GuildTownState {
  const ownMoney = view.myMoney?.map((card) => card.id) ?? [];
  const ownHand = view.myHand ?? [];
  const prompt = view.turn?.prompt;
  const paying = prompt?.kind === 'pay' ? prompt : null;
  const paid = paying ? paying.selected : [];

  // Money: paid cards lie on the discard; the rest of the unseen cards are shuffled out.
  const seenMoney = [...ownMoney, ...view.moneyRow.filter((id): id is number => id !== null), ...paid];
  const unseenMoney = rng.shuffle(without(MONEY.map((card) => card.id), seenMoney));
  const moneyOf = (player: GuildTownView['players'][number]) => (player.seat === seat ? ownMoney : unseenMoney.splice(0, player.moneyCount));
  const players: PlayerState[] = view.players.map((player) => ({
    money: moneyOf(player), hand: [], town: player.town, supply: player.supply, market: player.market, points: player.points,
    privTokens: player.privTokens, workTokens: player.workTokens, helpers: player.helpers, passed: player.passed, bonus: player.bonus,
  }));
  const moneyDeck = unseenMoney.splice(0, view.moneyDeckCount);
  const moneyDiscard = [...unseenMoney.splice(0, Math.max(0, view.moneyDiscardCount - paid.length)), ...paid];

  // Building cards: each pile from its tier's unseen cards, the rest to the other hands and a hidden look.
  const lookingAt = prompt?.kind === 'look' ? prompt.cards : [];
  const seenBuildings = new Set<number>([
    ...ownHand, ...lookingAt, ...view.lumberBox, ...view.players.flatMap((player) => player.town.map((raised) => raised.card)),
    ...ROWS.flatMap((row) => view.rows[row].filter((id): id is number => id !== null)),
  ]);
  const unseen = rng.shuffle(BUILDINGS.filter((card) => !seenBuildings.has(card.id)));
  const piles = { basic: [] as number[], expanded: [] as number[], advanced: [] as number[] };
  const leftover: number[] = [];
  for (const row of ROWS) {
    const tier = unseen.filter((card) => card.tier === row);
    const pile = [...tier.filter((card) => card.house), ...tier.filter((card) => !card.house)].slice(0, view.pileCounts[row]);
    piles[row] = pile.map((card) => card.id);
    leftover.push(...tier.filter((card) => !pile.includes(card)).map((card) => card.id));
  }
  leftover.push(...unseen.filter((card) => card.tier === 'lumber').map((card) => card.id));
  const rest = rng.shuffle(leftover);
  view.players.forEach((player, index) => (players[index]!.hand = player.seat === seat ? ownHand : rest.splice(0, player.handCount)));

  const stage = view.stage === null ? 0 : Math.max(0, SEASON_GUILDS[view.season]!.indexOf(view.stage as (typeof SEASON_GUILDS)[number][number]));
  const { queue, helper } = queueOf(view);
  let turn: Turn | null = null;
  if (view.turn) {
    const shown = view.turn.prompt;
    // Another player's look: the cards it still chooses from are what no one else has seen.
    let hiddenLook = shown.kind === 'look' && view.turn.seat !== seat ? { ...shown, cards: rest.splice(0) } : shown;
    // Version 4's view shows the discards owed, hand limit included: when the hand limit accounts for them, the banker's own count is taken as spent.
    if (rules?.bankDiscardLeftFloor === true && shown.kind === 'bankDiscard' && view.players[view.turn.seat]!.moneyCount - HAND_LIMIT >= shown.left) hiddenLook = { ...shown, left: 0 };
    turn = {
      seat: view.turn.seat, guild: view.turn.guild as Turn['guild'], gold: view.turn.gold, privUsed: view.turn.privUsed, wp: view.turn.wp,
      freeRaw: view.turn.freeRaw, helper, bankTaken: bankTakenOf(view), looked: shown.kind === 'look', prompt: hiddenLook,
    };
    // Version 3: a paired raw material is owed after a work point made the first (a work point is gone, a free one is left).
    if (rules?.craftsmenPrivilegeNeedsWorkPoint === true && view.turn.guild === 'craftsmen' && view.turn.freeRaw > 0 && view.turn.wp < WORK_POINTS[view.year]!) turn.rawPaid = true;
  }
  const cursor = view.phase === 'guilds' || view.phase === 'over' ? 0 : Math.max(0, view.order.indexOf(view.active[0]!));
  return {
    ...(rules === undefined ? {} : { rules }),
    seats: view.players.length, year: view.year, season: view.season, phase: view.phase, order: view.order, cursor, rng: forkRng(rng),
    moneyDeck, moneyDiscard, moneyRow: view.moneyRow, piles, rows: view.rows, lumberBox: view.lumberBox, players,
    guilds: view.guilds.map((guild) => guild.spaces), changeOrder: view.changeOrder, storehouse: view.storehouse, naturalOff: view.naturalOff,
    ships: view.ships, bonusTaken: view.bonusTaken, privBank: view.privBank, workBank: view.workBank, stage, queue, turn,
    auction: view.auction, final: view.final, yearScores: view.yearScores,
  };
}

/** Face-up money cards the banker has taken this turn: the row's empty slots (it is refilled between turns). */
function bankTakenOf(view: GuildTownView): number {
  return view.turn?.guild === 'bankers' ? view.moneyRow.filter((card) => card === null).length : 0;
}

/** The helper turns after the one under way, as flow.ts queues them, and the acting helper's place. */
function queueOf(view: GuildTownView): { queue: GuildTownState['queue']; helper: [number, number] | null } {
  const turn = view.turn;
  if (view.phase !== 'guilds' || !turn) return { queue: [], helper: null };
  if (view.season === 3) {
    const entries = view.order.map((seat) => ({ seat, gold: false, helper: null }));
    return { queue: entries.slice(view.order.indexOf(turn.seat) + 1), helper: null };
  }
  const spaces = view.guilds[GUILDS.indexOf(turn.guild as (typeof GUILDS)[number])]!.spaces;
  const entries: { seat: number; gold: boolean; helper: [number, number]; done: boolean }[] = [];
  spaces.forEach((stack, space) => stack.forEach((h, i) => entries.push({ seat: h.seat, gold: space === 0, helper: [space, i], done: h.priv })));
  const at = entries.findIndex((entry) => !entry.done && entry.seat === turn.seat && entry.gold === turn.gold);
  const current = at >= 0 ? at : entries.findIndex((entry) => entry.seat === turn.seat && entry.gold === turn.gold);
  return {
    queue: entries.slice(current + 1).map(({ seat, gold, helper }) => ({ seat, gold, helper })),
    helper: current >= 0 ? entries[current]!.helper : null,
  };
}
