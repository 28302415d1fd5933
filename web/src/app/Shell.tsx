import type { ComponentChildren } from 'preact';
import { useLocation } from 'preact-iso';
import { useSession } from '../api/hooks';
import { setSession } from '../api/session';
import { Button } from '../ui/Button';
import type { AppRoute } from './route-types';
import { SessionEndedNotice } from './SessionEndedNotice';

/** Header with the navigation (only the pages this account may open), account and logout. */
export function Shell({ routes, children }: { routes: AppRoute[]; children: ComponentChildren }) {
  const session = useSession();
  const { path, route } = useLocation();
  const visible = routes.filter((entry) => entry.nav && (entry.access !== 'admin' || session?.user.role === 'admin') && (entry.access !== 'user' || session));
  return (
    <>
      <a class="skip" href="#main">Skip to content</a>
      <header class="shell">
        <nav aria-label="Main">
          <ul>
            {visible.map((entry) => (
              <li key={entry.path}>
                <a href={entry.path} aria-current={path === entry.path ? 'page' : undefined}>{entry.nav}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div class="account">
          {session ? (
            <>
              <span data-testid="whoami">{session.user.username}{session.user.role === 'admin' ? ' (admin)' : ''}</span>
              <Button onClick={() => { setSession(null); route('/login'); }}>Log out</Button>
            </>
          ) : (
            <a href="/login">Log in</a>
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
