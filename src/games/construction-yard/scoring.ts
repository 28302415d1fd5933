import { BUILDING_TYPES, POINTS, buildingCard, type BuildingType, type ScoringRound } from './data.js';

/**
 * Majority points for one building type. Collectors holding at least one card are ranked by count;
 * tied collectors add up the points of the ranks they occupy and share them, rounded down; the next
 * collectors take the ranks after them. `table` lists the points of ranks 1, 2, 3…
 */
export function majorityPoints(counts: readonly number[], table: readonly number[]): number[] {
  const points = counts.map(() => 0);
  const levels = [...new Set(counts.filter((count) => count > 0))].sort((a, b) => b - a);
  let rank = 0;
  for (const level of levels) {
    if (rank >= table.length) break;
    const tied = counts.map((count, collector) => (count === level ? collector : -1)).filter((collector) => collector >= 0);
    const sum = table.slice(rank, rank + tied.length).reduce((total, value) => total + value, 0);
    for (const collector of tied) points[collector] = Math.floor(sum / tied.length);
    rank += tied.length;
  }
  return points;
}

export function countsOf(owned: readonly number[][], type: BuildingType): number[] {
  return owned.map((buildings) => buildings.filter((id) => buildingCard(id).type === type).length);
}

/** Points of one scoring per collector, and the share of each building type for the log. */
export function scoreRound(owned: readonly number[][], round: ScoringRound): { points: number[]; byType: Record<BuildingType, number[]> } {
  const points = owned.map(() => 0);
  const byType = {} as Record<BuildingType, number[]>;
  for (const type of BUILDING_TYPES) {
    const typePoints = majorityPoints(countsOf(owned, type), POINTS[type][round]);
    byType[type] = typePoints;
    typePoints.forEach((value, collector) => (points[collector]! += value));
  }
  return { points, byType };
}
