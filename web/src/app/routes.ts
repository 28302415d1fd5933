import { adminRoutes } from '../admin/routes';
import { playRoutes } from '../play/routes';
import type { AppRoute } from './route-types';
import { LoginPage } from './LoginPage';

/** Every page of the app, in navigation order. */
export const routes: AppRoute[] = [...playRoutes, ...adminRoutes, { path: '/login', component: LoginPage }];
