import type { AppRoute } from '../app/route-types';
import { GamePage } from './GamePage';
import { GameSearchPage } from './GameSearchPage';
import { UsersPage } from './UsersPage';

/** The admin inspector's pages (role admin). */
export const adminRoutes: AppRoute[] = [
  { path: '/admin/games', component: GameSearchPage, nav: 'Admin: games', access: 'admin' },
  { path: '/admin/games/:id', component: GamePage, access: 'admin' },
  { path: '/admin/users', component: UsersPage, nav: 'Admin: accounts', access: 'admin' },
];
