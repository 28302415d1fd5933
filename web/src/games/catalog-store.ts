import type { components } from '../api/openapi';

/**
 * The catalogs read so far (GET /v1/game-types/{type}/catalog), kept for the page's life. Apart from
 * the loader (catalogs.ts) so that the name functions (games/<id>/catalog.ts) and the log's words
 * (log-words.ts) need no API client: a test gives them the catalog the API serves (`provideCatalog`).
 */
export interface Catalogs {
  urbanization: components['schemas']['UrbanizationCatalog'];
  'construction-yard': components['schemas']['ConstructionYardCatalog'];
  'guild-town': components['schemas']['GuildTownCatalog'];
  'milestone-city': components['schemas']['MilestoneCityCatalog'];
}

const loaded: Partial<Catalogs> = {};

/** The catalog of `type` once loaded (the name functions fall back to ids before that). */
export const catalogOf = <K extends keyof Catalogs>(type: K): Catalogs[K] | undefined => loaded[type];

/** Whether `type`'s catalog is here. */
export const hasCatalog = (type: string): boolean => type in loaded;

/** Keeps `catalog` as `type`'s catalog. */
export function provideCatalog(type: string, catalog: unknown): void {
  (loaded as Record<string, unknown>)[type] = catalog;
}
