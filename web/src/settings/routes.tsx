import type { AppRoute } from '../app/route-types';
import { AccountPage } from './AccountPage';
import { NotificationsPage } from './NotificationsPage';
import './settings.css';
import { t } from '../i18n';

/** The account's own settings: notifications (e-mail and browser push), and account care (password, sessions, export, deletion). */
export const settingsRoutes: AppRoute[] = [
  { path: '/settings/notifications', component: NotificationsPage, nav: t('account.nav.notifications'), access: 'user' },
  { path: '/settings/account', component: AccountPage, nav: t('account.nav.account'), access: 'user' },
];
