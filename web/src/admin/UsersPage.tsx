import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { useApi, useMutation, useSession } from '../api/hooks';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/Confirm';
import { ErrorBox, Field } from '../ui/forms';
import { Pager, Table } from '../ui/Table';
import { disableUser, enableUser, searchUsers, type AdminUser } from './admin-api';
import { formatTime } from './format';
import { t } from '../i18n';

const PAGE_SIZE = 20;

/** Find accounts; disable one (its tokens stop working at once) or enable it again. */
export function UsersPage() {
  const { query, path, route } = useLocation();
  const session = useSession();
  const q = query.q ?? '';
  const offset = Number(query.offset) || 0;
  const [draft, setDraft] = useState(q);
  const [pending, setPending] = useState<{ user: AdminUser; disable: boolean } | null>(null);
  const users = useApi(() => searchUsers(q, PAGE_SIZE, offset), [q, offset]);
  const change = useMutation(async (user: AdminUser, disable: boolean) => {
    await (disable ? disableUser(user.id) : enableUser(user.id));
    setPending(null);
    users.reload();
  });
  const go = (nextQ: string, nextOffset = 0) => route(`${path}?${new URLSearchParams({ ...(nextQ ? { q: nextQ } : {}), ...(nextOffset ? { offset: String(nextOffset) } : {}) })}`);
  return (
    <section>
      <h1>{t('account.users.title')}</h1>
      <form class="row" aria-label={t('account.users.form')} onSubmit={(event) => { event.preventDefault(); go(draft); }}>
        <Field label={t('account.users.query')} name="q" value={draft} onInput={(event) => setDraft(event.currentTarget.value)} />
        <Button type="submit" variant="primary">{t('account.admin.search')}</Button>
      </form>
      <ErrorBox error={users.error} />
      <Table
        caption={users.data ? t('account.users.count', { total: users.data.total }) : t('account.admin.loading')}
        rows={users.data?.items ?? []}
        rowKey={(user) => user.id}
        columns={[
          { key: 'username', header: t('account.users.column.username'), cell: (user: AdminUser) => <a href={`/admin/games?player=${encodeURIComponent(user.username)}`}>{user.username}</a> },
          { key: 'role', header: t('account.users.column.role'), cell: (user) => t('account.users.role', { role: user.role }) },
          { key: 'created', header: t('account.admin.created'), cell: (user) => formatTime(user.createdAt) },
          { key: 'state', header: t('account.users.column.state'), cell: (user) => (user.disabledAt ? <span class="badge badge-bad">{t('account.users.disabledSince', { date: formatTime(user.disabledAt) })}</span> : <span class="badge badge-ok">{t('account.users.active')}</span>) },
          {
            key: 'action', header: t('account.users.column.action'), cell: (user) => user.id === session?.user.id ? <span class="muted">{t('account.users.you')}</span> : (
              <Button variant={user.disabledAt ? 'secondary' : 'danger'} onClick={() => setPending({ user, disable: !user.disabledAt })} aria-label={t(user.disabledAt ? 'account.users.enableUser' : 'account.users.disableUser', { username: user.username })}>
                {user.disabledAt ? t('account.users.enable') : t('account.users.disable')}
              </Button>
            ),
          },
        ]}
      />
      {users.data && <Pager total={users.data.total} limit={users.data.limit} offset={users.data.offset} onOffset={(next) => go(q, next)} />}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(pending.disable ? 'account.users.disableTitle' : 'account.users.enableTitle', { username: pending.user.username }) : ''}
        confirmLabel={pending?.disable ? t('account.users.disableConfirm') : t('account.users.enableConfirm')}
        busy={change.running}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && void change.run(pending.user, pending.disable)}
      >
        <p>{pending?.disable ? t('account.users.disableText') : t('account.users.enableText')}</p>
        <ErrorBox error={change.error} />
      </ConfirmDialog>
    </section>
  );
}
