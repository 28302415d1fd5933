import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import { useMutation } from '../api/hooks';
import { setSession } from '../api/session';
import { Button } from '../ui/Button';
import { ErrorBox, Field, Notice } from '../ui/forms';
import { locale, t } from '../i18n';

/** Log in or register; then back to the page that asked (`?next=`) or the start page. */
export function LoginPage() {
  const location = useLocation();
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const submit = useMutation(async () => {
    const body = { username, password };
    // A new account speaks the page's language (mails included) until its owner picks another.
    const answer = mode === 'login' ? await unwrap(api.POST('/v1/auth/login', { body })) : await unwrap(api.POST('/v1/auth/register', { body: { ...body, language: locale } }));
    setSession({ token: answer.token, user: { id: answer.user.id, username: answer.user.username, role: answer.user.role } });
    const next = location.query.next;
    location.route(next && next.startsWith('/') && !next.startsWith('//') ? next : '/');
  });
  return (
    <section class="narrow">
      <h1>{mode === 'login' ? t('account.login.title') : t('account.login.registerTitle')}</h1>
      {location.query.deleted && <Notice tone="ok">{t('account.login.deleted')}</Notice>}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit.run();
        }}
      >
        <Field label={t('account.login.username')} name="username" autoComplete="username" required value={username} onInput={(event) => setUsername(event.currentTarget.value)} />
        <Field label={t('account.login.password')} name="password" type="password" autoComplete={mode === 'login' ? 'current-password' : 'new-password'} required minLength={mode === 'register' ? 8 : undefined} hint={mode === 'register' ? t('account.login.passwordHint') : undefined} value={password} onInput={(event) => setPassword(event.currentTarget.value)} />
        <ErrorBox error={submit.error} />
        <div class="row">
          <Button type="submit" variant="primary" busy={submit.running}>{mode === 'login' ? t('account.login.submit') : t('account.login.register')}</Button>
          <Button onClick={() => setMode(mode === 'login' ? 'register' : 'login')}>{mode === 'login' ? t('account.login.toRegister') : t('account.login.toLogin')}</Button>
        </div>
      </form>
      {mode === 'login' && <p><a href="/forgot-password">{t('account.login.forgot')}</a></p>}
    </section>
  );
}
