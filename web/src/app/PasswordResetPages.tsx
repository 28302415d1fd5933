import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import { useMutation } from '../api/hooks';
import { setSession } from '../api/session';
import { Button } from '../ui/Button';
import { ErrorBox, Field, Notice } from '../ui/forms';

/** "Forgot your password?" (/forgot-password): asks for a reset mail; the answer is the same whether an account matches or not. */
export function ForgotPasswordPage() {
  const [login, setLogin] = useState('');
  const [answer, setAnswer] = useState<string | null>(null);
  const ask = useMutation(async () => setAnswer((await unwrap(api.POST('/v1/auth/password-reset', { body: { login } }))).message));
  return (
    <section class="narrow">
      <h1>Forgot your password?</h1>
      <p class="muted">We mail a link to choose a new one to the verified e-mail address of your account.</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void ask.run();
        }}
      >
        <Field label="Username or e-mail address" name="login" autoComplete="username" required maxLength={254} value={login} onInput={(event) => setLogin(event.currentTarget.value)} />
        <Button type="submit" variant="primary" busy={ask.running}>Mail me a link</Button>
      </form>
      <ErrorBox error={ask.error} />
      {answer && <Notice tone="ok">{answer}</Notice>}
      <p><a href="/login">Back to log in</a></p>
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
      <h1>Choose a new password</h1>
      {!token ? (
        <Notice>This page needs the link from the mail. <a href="/forgot-password">Ask for a new one</a>.</Notice>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void reset.run();
          }}
        >
          <Field label="New password" name="new-password" type="password" autoComplete="new-password" required minLength={8} maxLength={200} hint="At least 8 characters. Every other session is logged out." value={password} onInput={(event) => setPassword(event.currentTarget.value)} />
          <Button type="submit" variant="primary" busy={reset.running}>Set the password</Button>
        </form>
      )}
      <ErrorBox error={reset.error} />
      {reset.error?.code === 'INVALID_RESET_TOKEN' && <p><a href="/forgot-password">Ask for a new link</a></p>}
    </section>
  );
}
