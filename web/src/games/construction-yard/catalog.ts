/**
 * Construction yard's catalog (GET /v1/game-types/construction-yard/catalog, loaded before a board
 * renders): building types in score-sheet order, their prices and points (terms.ts words them).
 */
import { catalogOf } from '../catalog-store';
import type { CYCatalog } from './terms';

export const cyCatalog = (): CYCatalog | undefined => catalogOf('construction-yard');

export const buildingTypes = (): string[] => cyCatalog()?.buildingTypes.map((entry) => entry.type) ?? [];
