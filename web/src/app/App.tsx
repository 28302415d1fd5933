import type { ComponentType } from 'preact';
import { ErrorBoundary, LocationProvider, Route, Router, useLocation } from 'preact-iso';
import { useEffect } from 'preact/hooks';
import { useSession } from '../api/hooks';
import type { AppRoute } from './route-types';
import { routes } from './routes';
import { Shell } from './Shell';

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
    if (!allowed) return <p role="alert">This page is for administrators.</p>;
    return <Page {...props} />;
  };
}

const pages = routes.map((entry) => ({ path: entry.path, component: guarded(entry) }));

function NotFound() {
  return (
    <section>
      <h1>Not found</h1>
      <p>There is no such page. <a href="/">Back to the start</a>.</p>
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
