import type { AppRoute } from '../app/route-types';
import { AccountPage } from './AccountPage';
import { NotificationsPage } from './NotificationsPage';
import './settings.css';

/** The account's own settings: notifications (e-mail and browser push), and account care (password, sessions, export, deletion). */
export const settingsRoutes: AppRoute[] = [
  { path: '/settings/notifications', component: NotificationsPage, nav: 'Notifications', access: 'user' },
  { path: '/settings/account', component: AccountPage, nav: 'Account', access: 'user' },
];
