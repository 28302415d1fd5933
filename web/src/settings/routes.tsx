import type { AppRoute } from '../app/route-types';
import { NotificationsPage } from './NotificationsPage';
import './settings.css';

/** The account's own settings: notifications (e-mail and browser push). */
export const settingsRoutes: AppRoute[] = [{ path: '/settings/notifications', component: NotificationsPage, nav: 'Notifications', access: 'user' }];
