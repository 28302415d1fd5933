import type { ComponentType } from 'preact';
import { ErrorBoundary, LocationProvider, Route, Router, useLocation } from 'preact-iso';
import { useEffect } from 'preact/hooks';
import { useSession } from '../api/hooks';
import type { AppRoute } from './route-types';
import { routes } from './routes';
import { Shell } from './Shell';
import { t } from '../i18n';

/** Pages that need an account (or the admin role) send a visitor to the login page first. */
function guarded(entry: AppRoute): ComponentType<any> {
  if (!entry.access || entry.access === 'public') return entry.component;
  const Page = entry.component;
  return function Guarded(props: Record<string, unknown>) {
    const session = useSession();
    const { url, route } = useLocation();
    const allowed = session && (entry.access !== 'admin' || session.user.role === 'admin');
    useEffect(() => {
      if (!session) route(`/login?next=${encodeURIComponent(url)}`, true);
    }, [session]);
    if (!session) return null;
    if (!allowed) return <p role="alert">{t('pages.app.adminOnly')}</p>;
    return <Page {...props} />;
  };
}

// The tab's title before a page sets its own (index.html's is English).
document.title = t('pages.siteTitle');

const pages = routes.map((entry) => ({ path: entry.path, component: guarded(entry) }));

function NotFound() {
  return (
    <section>
      <h1>{t('pages.notFound.title')}</h1>
      <p>
        {t('pages.notFound.text')} <a href="/">{t('pages.notFound.back')}</a>
      </p>
    </section>
  );
}

export function App() {
  return (
    <LocationProvider>
      <ErrorBoundary>
        <Shell routes={routes}>
          <Router>
            {[...pages.map((page) => <Route key={page.path} path={page.path} component={page.component} />), <Route key="*" default component={NotFound} />]}
          </Router>
        </Shell>
      </ErrorBoundary>
    </LocationProvider>
  );
}
