import { adminRoutes } from '../admin/routes';
import { playRoutes } from '../play/routes';
import { settingsRoutes } from '../settings/routes';
import type { AppRoute } from './route-types';
import { LoginPage } from './LoginPage';
import { ForgotPasswordPage, ResetPasswordPage } from './PasswordResetPages';

/** Every page of the app, in navigation order. */
export const routes: AppRoute[] = [...playRoutes, ...settingsRoutes, ...adminRoutes, { path: '/login', component: LoginPage }, { path: '/forgot-password', component: ForgotPasswordPage }, { path: '/reset-password', component: ResetPasswordPage }];
