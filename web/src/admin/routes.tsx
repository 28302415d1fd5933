import type { AppRoute } from '../app/route-types';
import { GamePage } from './GamePage';
import { GameSearchPage } from './GameSearchPage';
import { UsersPage } from './UsersPage';
import { t } from '../i18n';

/** The admin inspector's pages (role admin). */
export const adminRoutes: AppRoute[] = [
  { path: '/admin/games', component: GameSearchPage, nav: t('account.nav.adminGames'), access: 'admin' },
  { path: '/admin/games/:id', component: GamePage, access: 'admin' },
  { path: '/admin/users', component: UsersPage, nav: t('account.nav.adminUsers'), access: 'admin' },
];
