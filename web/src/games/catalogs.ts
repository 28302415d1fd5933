import { useEffect, useState } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import { hasCatalog, provideCatalog } from './catalog-store';

/**
 * Each game's catalog (GET /v1/game-types/{type}/catalog): the printed components its views name
 * by id — card names, colours, board layout. Read once per page load and kept; the boards' name
 * functions (games/<id>/catalog.ts) read it synchronously, so pages render a game only once
 * `useCatalog` says its catalog is here.
 */
const loading = new Map<string, Promise<void>>();

export function loadCatalog(type: string): Promise<void> {
  if (hasCatalog(type)) return Promise.resolve();
  let promise = loading.get(type);
  if (!promise) {
    promise = unwrap(api.GET('/v1/game-types/{type}/catalog', { params: { path: { type } } })).then(
      (catalog) => provideCatalog(type, catalog),
      (failure) => {
        loading.delete(type); // a later render tries again
        throw failure;
      },
    );
    loading.set(type, promise);
  }
  return promise;
}


/** Loads the catalog of `type`: true once it is here, an error if it could not be read. */
export function useCatalog(type: string | undefined): { ready: boolean; error: unknown } {
  const [state, setState] = useState<{ type?: string; ready: boolean; error: unknown }>({ ready: false, error: null });
  useEffect(() => {
    if (!type) return;
    let live = true;
    if (hasCatalog(type)) setState({ type, ready: true, error: null });
    else loadCatalog(type).then(() => live && setState({ type, ready: true, error: null }), (error) => live && setState({ type, ready: false, error }));
    return () => {
      live = false;
    };
  }, [type]);
  return { ready: type !== undefined && (hasCatalog(type) || (state.type === type && state.ready)), error: state.type === type ? state.error : null };
}
