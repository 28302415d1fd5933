import { BONUS_POINTS, BUILDINGS, COLOUR_SET_POINTS, FINALS, SHIP_BONUS, SHIP_GOODS, SHIP_POINTS, type Final } from './data.js';
import type { GuildTownState } from './state.js';

export interface ShipScore {
  /** base[ship][seat]: points for the markers. */
  base: number[][];
  /** bonus[ship][seat]: majority bonus. */
  bonus: number[][];
  total: number[];
}

/**
 * Ships sail. ships[s][g][pos]: seat or -1, storages in SHIP_GOODS order (top to bottom), pos 0 = left.
 * Majority by number of markers; ties go to the player whose marker is higher, then further left.
 * Ship s rewards the first s+1 players of that ranking with SHIP_BONUS[s].
 */
export function scoreShips(ships: number[][][], seats: number): ShipScore {
  const base: number[][] = [];
  const bonus: number[][] = [];
  ships.forEach((ship, s) => {
    const count = Array(seats).fill(0) as number[];
    const pts = Array(seats).fill(0) as number[];
    const first = Array(seats).fill(Infinity) as number[];
    ship.forEach((storage, g) =>
      storage.forEach((seat, pos) => {
        if (seat < 0) return;
        count[seat]++;
        pts[seat] += SHIP_POINTS[SHIP_GOODS[g]];
        first[seat] = Math.min(first[seat], g * 2 + pos);
      }),
    );
    base.push(pts);
    bonus.push(shipBonus(s, count, first));
  });
  const total = Array.from({ length: seats }, (_, seat) => base.reduce((sum, b, s) => sum + b[seat] + bonus[s][seat], 0));
  return { base, bonus, total };
}

/** Bonus of ship `s` from marker counts and each player's highest-left marker position. */
export function shipBonus(s: number, count: number[], first: number[]): number[] {
  const ranking = count
    .map((_, seat) => seat)
    .filter((seat) => count[seat] > 0)
    .sort((a, b) => count[b] - count[a] || first[a] - first[b]);
  const out = count.map(() => 0);
  SHIP_BONUS[s].forEach((points, place) => {
    if (place < ranking.length) out[ranking[place]] += points;
  });
  return out;
}

/** 3 points for each set of four different colours among the halves of the raised buildings. */
export function colourSetPoints(cards: readonly number[]): number {
  const count = [0, 0, 0, 0];
  for (const id of cards) {
    count[BUILDINGS[id].top]++;
    count[BUILDINGS[id].bottom]++;
  }
  return Math.min(...count) * COLOUR_SET_POINTS;
}

/** 1 point per own marker in the storehouse. */
export function scoreStorehouse(store: number[][], seats: number): number[] {
  const out = Array(seats).fill(0) as number[];
  for (const storage of store) for (const seat of storage) if (seat >= 0) out[seat]++;
  return out;
}

export function bonusValue(tokens: readonly string[]): number {
  return tokens.reduce((sum, t) => sum + (FINALS.includes(t as Final) ? BONUS_POINTS[t as Final] : 0), 0);
}

/** End of the game: bonus tokens are added; the final table is kept in the state. */
export function finishGame(s: GuildTownState): void {
  s.phase = 'over';
  s.turn = null;
  s.auction = null;
  s.final = s.players.map((p, seat) => {
    const bonus = bonusValue(p.bonus);
    return { seat, points: p.points + bonus, bonus, moneyCards: p.money.length };
  });
}

/** Ranking: most points, then most money cards, then earlier on the player order track. */
export function rankSeats(s: GuildTownState): number[] {
  const fin = s.final ?? [];
  return [...s.order].sort((a, b) => fin[b].points - fin[a].points || fin[b].moneyCards - fin[a].moneyCards || s.order.indexOf(a) - s.order.indexOf(b));
}
