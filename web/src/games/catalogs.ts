import { useEffect, useState } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import type { components } from '../api/openapi';

/**
 * Each game's catalog (GET /v1/game-types/{type}/catalog): the printed components its views name
 * by id — card names, colours, board layout. Read once per page load and kept; the boards' name
 * functions (games/<id>/catalog.ts) read it synchronously, so pages render a game only once
 * `useCatalog` says its catalog is here.
 */
export interface Catalogs {
  urbanization: components['schemas']['UrbanizationCatalog'];
  'construction-yard': components['schemas']['ConstructionYardCatalog'];
  'guild-town': components['schemas']['GuildTownCatalog'];
  'milestone-city': components['schemas']['MilestoneCityCatalog'];
}

const loaded: Partial<Catalogs> = {};
const loading = new Map<string, Promise<void>>();

export function loadCatalog(type: string): Promise<void> {
  if (type in loaded) return Promise.resolve();
  let promise = loading.get(type);
  if (!promise) {
    promise = unwrap(api.GET('/v1/game-types/{type}/catalog', { params: { path: { type } } })).then(
      (catalog) => void ((loaded as Record<string, unknown>)[type] = catalog),
      (failure) => {
        loading.delete(type); // a later render tries again
        throw failure;
      },
    );
    loading.set(type, promise);
  }
  return promise;
}

/** The catalog of `type` once loaded (the name functions fall back to ids before that). */
export const catalogOf = <K extends keyof Catalogs>(type: K): Catalogs[K] | undefined => loaded[type];

/** Loads the catalog of `type`: true once it is here, an error if it could not be read. */
export function useCatalog(type: string | undefined): { ready: boolean; error: unknown } {
  const [state, setState] = useState<{ type?: string; ready: boolean; error: unknown }>({ ready: false, error: null });
  useEffect(() => {
    if (!type) return;
    let live = true;
    if (type in loaded) setState({ type, ready: true, error: null });
    else loadCatalog(type).then(() => live && setState({ type, ready: true, error: null }), (error) => live && setState({ type, ready: false, error }));
    return () => {
      live = false;
    };
  }, [type]);
  return { ready: type !== undefined && (type in loaded || (state.type === type && state.ready)), error: state.type === type ? state.error : null };
}
