import type { AppRoute } from '../app/route-types';
import { GameSearchPage } from './GameSearchPage';

/** The admin inspector's pages (role admin). */
export const adminRoutes: AppRoute[] = [
  { path: '/admin/games', component: GameSearchPage, nav: 'Admin: games', access: 'admin' },
];
