import type { ComponentType } from 'preact';

/**
 * One page of the app. Each area (admin/, play/) exports an array of these; app/routes.ts joins
 * them into the router and the navigation.
 */
export interface AppRoute {
  /** A preact-iso path pattern: `/admin/games/:id`. */
  path: string;
  // Route components get their path params as props.
  component: ComponentType<any>;
  /**
   * Shown in the navigation when set (only for routes without params): the catalog's key of its name
   * ('pages.nav.lobby'; the Shell shows a value that is no key as it is).
   */
  nav?: string;
  /** Who may open it: anyone (default), a logged-in account, or an admin. */
  access?: 'public' | 'user' | 'admin';
}
