import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import { useMutation } from '../api/hooks';
import { setSession } from '../api/session';
import { Button } from '../ui/Button';
import { ErrorBox, Field, Notice } from '../ui/forms';
import { t } from '../i18n';

/** "Forgot your password?" (/forgot-password): asks for a reset mail; the answer is the same whether an account matches or not. */
export function ForgotPasswordPage() {
  const [login, setLogin] = useState('');
  const [asked, setAsked] = useState(false);
  // The server answers the same sentence whether an account matches or not (services/account-care.ts RESET_ANSWER): shown in the reader's words.
  const ask = useMutation(async () => {
    await unwrap(api.POST('/v1/auth/password-reset', { body: { login } }));
    setAsked(true);
  });
  return (
    <section class="narrow">
      <h1>{t('account.forgot.title')}</h1>
      <p class="muted">{t('account.forgot.explain')}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void ask.run();
        }}
      >
        <Field label={t('account.forgot.login')} name="login" autoComplete="username" required maxLength={254} value={login} onInput={(event) => setLogin(event.currentTarget.value)} />
        <Button type="submit" variant="primary" busy={ask.running}>{t('account.forgot.submit')}</Button>
      </form>
      <ErrorBox error={ask.error} />
      {asked && <Notice tone="ok">{t('account.forgot.asked')}</Notice>}
      <p><a href="/login">{t('account.forgot.back')}</a></p>
    </section>
  );
}

/**
 * The mailed link's page (/reset-password#token=…): the token travels in the fragment, which the
 * browser never sends to a server, so no log keeps it. Setting the password logs in here and out
 * everywhere else.
 */
export function ResetPasswordPage() {
  const { route } = useLocation();
  const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';
  const [password, setPassword] = useState('');
  const reset = useMutation(async () => {
    const answer = await unwrap(api.POST('/v1/auth/password-reset/complete', { body: { token, newPassword: password } }));
    setSession({ token: answer.token, user: { id: answer.user.id, username: answer.user.username, role: answer.user.role } });
    history.replaceState(null, '', location.pathname);
    route('/');
  });
  return (
    <section class="narrow">
      <h1>{t('account.reset.title')}</h1>
      {!token ? (
        <Notice>{t('account.reset.noToken')} <a href="/forgot-password">{t('account.reset.askNew')}</a></Notice>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void reset.run();
          }}
        >
          <Field label={t('account.reset.password')} name="new-password" type="password" autoComplete="new-password" required minLength={8} maxLength={200} hint={t('account.reset.passwordHint')} value={password} onInput={(event) => setPassword(event.currentTarget.value)} />
          <Button type="submit" variant="primary" busy={reset.running}>{t('account.reset.submit')}</Button>
        </form>
      )}
      <ErrorBox error={reset.error} />
      {reset.error?.code === 'INVALID_RESET_TOKEN' && <p><a href="/forgot-password">{t('account.reset.askNewLink')}</a></p>}
    </section>
  );
}
