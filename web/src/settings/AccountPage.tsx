import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { downloadJson } from '../admin/download';
import { api, unwrap } from '../api/client';
import { useMutation, useSession } from '../api/hooks';
import { setSession } from '../api/session';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/Confirm';
import { ErrorBox, Field, Notice } from '../ui/forms';

/**
 * Account care (/settings/account), as lichess has it: change the password, log out everywhere,
 * download your data, delete the account. Each goes through the public REST routes
 * (http/routes/account-care.ts); a change that ends every login token hands this browser a fresh one.
 */
export function AccountPage() {
  return (
    <section class="settings">
      <h1>Account</h1>
      <ChangePassword />
      <LogoutEverywhere />
      <ExportData />
      <DeleteAccount />
    </section>
  );
}

function ChangePassword() {
  const session = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [done, setDone] = useState(false);
  const change = useMutation(async () => {
    const answer = await unwrap(api.PUT('/v1/me/password', { body: { currentPassword: current, newPassword: next } }));
    setSession({ token: answer.token, user: { id: answer.user.id, username: answer.user.username, role: answer.user.role } });
    setCurrent('');
    setNext('');
    setDone(true);
  });
  return (
    <section aria-labelledby="password-heading" class="panel">
      <h2 id="password-heading">Password</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setDone(false);
          void change.run();
        }}
      >
        {/* For password managers: the account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={session?.user.username ?? ''} hidden readOnly />
        <Field label="Current password" name="current-password" type="password" autoComplete="current-password" required value={current} onInput={(event) => setCurrent(event.currentTarget.value)} />
        <Field label="New password" name="new-password" type="password" autoComplete="new-password" required minLength={8} maxLength={200} hint="At least 8 characters. Every other browser and device is logged out." value={next} onInput={(event) => setNext(event.currentTarget.value)} />
        <Button type="submit" variant="primary" busy={change.running}>Change password</Button>
      </form>
      <ErrorBox error={change.error} />
      {done && <Notice tone="ok">Your password is changed. Every other session is logged out; this one goes on.</Notice>}
    </section>
  );
}

function LogoutEverywhere() {
  const { route } = useLocation();
  const logout = useMutation(async () => {
    await unwrap(api.POST('/v1/me/logout-everywhere'));
    setSession(null);
    route('/login');
  });
  return (
    <section aria-labelledby="sessions-heading" class="panel">
      <h2 id="sessions-heading">Sessions</h2>
      <p class="muted">Logs out every browser and device signed in to this account, this one too. Personal API tokens keep working: revoke them one by one.</p>
      <Button busy={logout.running} onClick={() => void logout.run()}>Log out everywhere</Button>
      <ErrorBox error={logout.error} />
    </section>
  );
}

function ExportData() {
  const download = useMutation(async () => {
    const data = await unwrap(api.GET('/v1/me/export'));
    downloadJson(data, `${data.account.username}-export.json`);
  });
  return (
    <section aria-labelledby="export-heading" class="panel">
      <h2 id="export-heading">Your data</h2>
      <p class="muted">A JSON file with your games (as your seat saw them), ratings, settings and the chat messages you wrote.</p>
      <Button busy={download.running} onClick={() => void download.run()}>Download my data</Button>
      <ErrorBox error={download.error} />
    </section>
  );
}

function DeleteAccount() {
  const { route } = useLocation();
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(async () => {
    await unwrap(api.POST('/v1/me/delete', { body: { password } }));
    setSession(null);
    route('/login?deleted=1');
  });
  return (
    <section aria-labelledby="delete-heading" class="panel">
      <h2 id="delete-heading">Delete the account</h2>
      <p class="muted">
        Your running games are resigned (a bot plays your seat on), your address, tokens, webhooks, settings and chat messages are deleted, and your finished games show
        a neutral "deleted player" in your seat. Your username is never given to anyone again. This cannot be undone: download your data first.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setConfirming(true);
        }}
      >
        <Field label="Your password, to confirm" name="delete-password" type="password" autoComplete="current-password" required value={password} onInput={(event) => setPassword(event.currentTarget.value)} />
        <Button type="submit" variant="danger">Delete my account…</Button>
      </form>
      <ErrorBox error={remove.error} />
      <ConfirmDialog
        open={confirming} title="Delete your account for good?" confirmLabel="Delete my account" busy={remove.running}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void remove.run();
        }}
      >
        <p>Your games are resigned and your personal data deleted. There is no way back.</p>
      </ConfirmDialog>
    </section>
  );
}
