/**
 * Construction yard's building types from the game's catalog (GET
 * /v1/game-types/construction-yard/catalog, loaded before a board renders), in score-sheet order.
 */
import { catalogOf } from '../catalogs';

export const buildingTypes = (): string[] => catalogOf('construction-yard')?.buildingTypes.map((entry) => entry.type) ?? [];
