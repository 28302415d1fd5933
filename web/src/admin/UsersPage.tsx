import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { useApi, useMutation, useSession } from '../api/hooks';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/Confirm';
import { ErrorBox, Field } from '../ui/forms';
import { Pager, Table } from '../ui/Table';
import { disableUser, enableUser, searchUsers, type AdminUser } from './admin-api';
import { formatTime } from './format';

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
      <h1>Accounts</h1>
      <form class="row" aria-label="Find accounts" onSubmit={(event) => { event.preventDefault(); go(draft); }}>
        <Field label="Username contains" name="q" value={draft} onInput={(event) => setDraft(event.currentTarget.value)} />
        <Button type="submit" variant="primary">Search</Button>
      </form>
      <ErrorBox error={users.error} />
      <Table
        caption={users.data ? `${users.data.total} account${users.data.total === 1 ? '' : 's'}` : 'Loading…'}
        rows={users.data?.items ?? []}
        rowKey={(user) => user.id}
        columns={[
          { key: 'username', header: 'Username', cell: (user: AdminUser) => <a href={`/admin/games?player=${encodeURIComponent(user.username)}`}>{user.username}</a> },
          { key: 'role', header: 'Role', cell: (user) => user.role },
          { key: 'created', header: 'Created', cell: (user) => formatTime(user.createdAt) },
          { key: 'state', header: 'State', cell: (user) => (user.disabledAt ? <span class="badge badge-bad">disabled {formatTime(user.disabledAt)}</span> : <span class="badge badge-ok">active</span>) },
          {
            key: 'action', header: 'Action', cell: (user) => user.id === session?.user.id ? <span class="muted">you</span> : (
              <Button variant={user.disabledAt ? 'secondary' : 'danger'} onClick={() => setPending({ user, disable: !user.disabledAt })} aria-label={`${user.disabledAt ? 'Enable' : 'Disable'} ${user.username}`}>
                {user.disabledAt ? 'Enable' : 'Disable'}
              </Button>
            ),
          },
        ]}
      />
      {users.data && <Pager total={users.data.total} limit={users.data.limit} offset={users.data.offset} onOffset={(next) => go(q, next)} />}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? `${pending.disable ? 'Disable' : 'Enable'} ${pending.user.username}?` : ''}
        confirmLabel={pending?.disable ? 'Disable account' : 'Enable account'}
        busy={change.running}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && void change.run(pending.user, pending.disable)}
      >
        <p>{pending?.disable ? 'Every token of this account stops working at once and it cannot log in until enabled again.' : 'The account can log in again.'}</p>
        <ErrorBox error={change.error} />
      </ConfirmDialog>
    </section>
  );
}
