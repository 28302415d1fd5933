import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import { useSession } from '../api/hooks';
import { setSession } from '../api/session';
import { t, tr } from '../i18n';
import { Button } from '../ui/Button';
import { LanguagePicker, useAccountLanguage } from './LanguagePicker';
import type { AppRoute } from './route-types';
import { SessionEndedNotice } from './SessionEndedNotice';

/** A navigation entry's name: its catalog key in words (a value that is no key is shown as it is). */
const navName = (nav: string): string => (tr.has(nav) ? t(nav) : nav);

/** Header with the navigation (only the pages this account may open), the language, account and logout. */
export function Shell({ routes, children }: { routes: AppRoute[]; children: ComponentChildren }) {
  const session = useSession();
  const { path, route } = useLocation();
  useAccountLanguage();
  const visible = routes.filter((entry) => entry.nav && (entry.access !== 'admin' || session?.user.role === 'admin') && (entry.access !== 'user' || session));
  return (
    <>
      <a class="skip" href="#main">{t('pages.shell.skip')}</a>
      <header class="shell">
        <nav aria-label={t('pages.shell.nav')}>
          <ul>
            {visible.map((entry) => (
              <li key={entry.path}>
                <a href={entry.path} aria-current={path === entry.path ? 'page' : undefined}>{navName(entry.nav!)}</a>
              </li>
            ))}
          </ul>
        </nav>
        <LanguagePicker />
        <div class="account">
          {session ? (
            <>
              <span data-testid="whoami">{session.user.role === 'admin' ? t('pages.shell.admin', { username: session.user.username }) : session.user.username}</span>
              <Button onClick={() => { setSession(null); route('/login'); }}>{t('pages.shell.logout')}</Button>
            </>
          ) : (
            <a href="/login">{t('pages.shell.login')}</a>
          )}
        </div>
      </header>
      <main id="main">
        <SessionEndedNotice />
        {children}
      </main>
    </>
  );
}
