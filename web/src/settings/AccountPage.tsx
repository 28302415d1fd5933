import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { downloadJson } from '../admin/download';
import { api, unwrap } from '../api/client';
import { useMutation, useSession } from '../api/hooks';
import { setSession } from '../api/session';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/Confirm';
import { ErrorBox, Field, Notice } from '../ui/forms';
import { t } from '../i18n';

/**
 * Account care (/settings/account), as lichess has it: change the password, log out everywhere,
 * download your data, delete the account. Each goes through the public REST routes
 * (http/routes/account-care.ts); a change that ends every login token hands this browser a fresh one.
 */
export function AccountPage() {
  return (
    <section class="settings">
      <h1>{t('account.account.title')}</h1>
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
      <h2 id="password-heading">{t('account.password.heading')}</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setDone(false);
          void change.run();
        }}
      >
        {/* For password managers: the account the new password belongs to. */}
        <input type="text" name="username" autoComplete="username" value={session?.user.username ?? ''} hidden readOnly />
        <Field label={t('account.password.current')} name="current-password" type="password" autoComplete="current-password" required value={current} onInput={(event) => setCurrent(event.currentTarget.value)} />
        <Field label={t('account.password.new')} name="new-password" type="password" autoComplete="new-password" required minLength={8} maxLength={200} hint={t('account.password.newHint')} value={next} onInput={(event) => setNext(event.currentTarget.value)} />
        <Button type="submit" variant="primary" busy={change.running}>{t('account.password.change')}</Button>
      </form>
      <ErrorBox error={change.error} />
      {done && <Notice tone="ok">{t('account.password.changed')}</Notice>}
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
      <h2 id="sessions-heading">{t('account.sessions.heading')}</h2>
      <p class="muted">{t('account.sessions.explain')}</p>
      <Button busy={logout.running} onClick={() => void logout.run()}>{t('account.sessions.logoutEverywhere')}</Button>
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
      <h2 id="export-heading">{t('account.export.heading')}</h2>
      <p class="muted">{t('account.export.explain')}</p>
      <Button busy={download.running} onClick={() => void download.run()}>{t('account.export.download')}</Button>
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
      <h2 id="delete-heading">{t('account.delete.heading')}</h2>
      <p class="muted">{t('account.delete.explain')}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setConfirming(true);
        }}
      >
        <Field label={t('account.delete.password')} name="delete-password" type="password" autoComplete="current-password" required value={password} onInput={(event) => setPassword(event.currentTarget.value)} />
        <Button type="submit" variant="danger">{t('account.delete.start')}</Button>
      </form>
      <ErrorBox error={remove.error} />
      <ConfirmDialog
        open={confirming} title={t('account.delete.confirmTitle')} confirmLabel={t('account.delete.confirm')} busy={remove.running}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void remove.run();
        }}
      >
        <p>{t('account.delete.confirmText')}</p>
      </ConfirmDialog>
    </section>
  );
}
