import { useLocation } from 'preact-iso';
import { useEffect } from 'preact/hooks';
import { api } from '../api/client';
import { useSession } from '../api/hooks';
import { getSessionEnd } from '../api/session';
import { t } from '../i18n';
import { Linked } from '../settings/linked';

/**
 * Says why you are logged out when the server ended the session (the login expired, or an admin
 * disabled the account), with a link that logs in and comes back to this page. On opening the app
 * with a stored session it asks GET /v1/me once, so a dead session is found before the first click
 * (the client's middleware ends it: api/client.ts).
 */
export function SessionEndedNotice() {
  const session = useSession();
  const { url } = useLocation();
  useEffect(() => {
    if (session) void api.GET('/v1/me').catch(() => {});
  }, [session?.token]);
  const ended = session ? null : getSessionEnd();
  if (!ended) return null;
  // On the login page (where a page for accounts only sends you) the form is the way back.
  const onLogin = url.startsWith('/login');
  return (
    <div class="notice notice-bad session-ended" role="alert" data-testid="session-ended">
      {ended === 'disabled' ? (
        <>{t('account.session.disabled')}</>
      ) : (
        <>
          {t('account.session.expired')}{' '}
          {onLogin ? t('account.session.loginToGoOn') : <Linked sentence={(link) => t('account.session.toComeBack', { link })} link={<a href={`/login?next=${encodeURIComponent(url)}`}>{t('account.session.loginAgain')}</a>} />}
        </>
      )}
    </div>
  );
}
