import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import { useApi } from '../api/hooks';
import { Button } from '../ui/Button';
import { ErrorBox, Field, SelectField } from '../ui/forms';
import { Pager, Table, type Column } from '../ui/Table';
import { searchGames, type GameFilters, type GameListItem } from './admin-api';
import { formatTime, shortId, verifyLabel } from './format';
import { ImportPanel } from './ImportPanel';
import { seatName } from '../play/game-api';
import { gameTitle } from '../games';
import { t, tr } from '../i18n';

const PAGE_SIZE = 20;
const FILTER_KEYS = ['id', 'type', 'status', 'player', 'rulesVersion', 'createdFrom', 'createdTo', 'verify'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/** The filters live in the URL (?type=…&offset=…): back/forward and shared links keep the search. */
function filtersOf(query: Record<string, string>): GameFilters {
  const filters: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) if (query[key]) filters[key] = key === 'rulesVersion' ? Number(query[key]) : query[key];
  filters.limit = PAGE_SIZE;
  filters.offset = Number(query.offset) || 0;
  return filters as GameFilters;
}

const columns: Column<GameListItem>[] = [
  { key: 'id', header: t('account.search.column.game'), cell: (game) => <a href={`/admin/games/${game.id}`} title={game.id}>{shortId(game.id)}</a> },
  { key: 'type', header: t('account.search.column.type'), cell: (game) => <code>{game.type}</code> },
  { key: 'status', header: t('account.search.column.status'), cell: (game) => <span class="badge">{t('account.admin.status', { status: game.status })}</span> },
  { key: 'rules', header: t('account.search.column.rules'), cell: (game) => t('account.search.rules', { version: game.rulesVersion }) },
  { key: 'events', header: t('account.search.column.events'), cell: (game) => tr.number(game.version) },
  // By seat: the account (or an imported game's recorded name), else the bot by name, else an open seat.
  { key: 'players', header: t('account.search.column.players'), cell: (game) => game.seats.map((seat) => (seat.username ? seatName(seat) : (game.players[seat.seat] ?? seatName(seat)))).join(', ') },
  { key: 'created', header: t('account.admin.created'), cell: (game) => formatTime(game.createdAt) },
  { key: 'updated', header: t('account.admin.updated'), cell: (game) => formatTime(game.updatedAt) },
  {
    key: 'verify', header: t('account.search.column.verify'), cell: (game) => {
      const label = verifyLabel(game.lastVerify);
      return <span class={`badge${label.tone ? ` badge-${label.tone}` : ''}`}>{label.text}</span>;
    },
  },
];

export function GameSearchPage() {
  const { query, path, route } = useLocation();
  const filters = filtersOf(query);
  const [draft, setDraft] = useState<Record<FilterKey, string>>(() => Object.fromEntries(FILTER_KEYS.map((key) => [key, query[key] ?? ''])) as Record<FilterKey, string>);
  const types = useApi(() => unwrap(api.GET('/v1/game-types')), []);
  const page = useApi(() => searchGames(filters), [JSON.stringify(filters)]);
  const go = (next: Record<string, string | number | undefined>) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(next)) if (value !== undefined && value !== '' && value !== 0) params.set(key, String(value));
    route(`${path}${params.size ? `?${params}` : ''}`);
  };
  const set = (key: FilterKey) => (event: Event) => setDraft({ ...draft, [key]: (event.currentTarget as HTMLInputElement).value });
  const typeOptions = [{ value: '', label: t('account.admin.any') }, ...(types.data?.map((type: { id: string; title?: string }) => ({ value: type.id, label: tr.has(`${type.id}.title`) ? gameTitle(type.id) : (type.title ?? type.id) })) ?? [])];
  return (
    <section>
      <h1>{t('account.search.title')}</h1>
      <form
        class="filters"
        aria-label={t('account.search.form')}
        onSubmit={(event) => {
          event.preventDefault();
          go({ ...draft });
        }}
      >
        <Field label={t('account.search.id')} name="id" value={draft.id} onInput={set('id')} />
        <SelectField label={t('account.search.type')} name="type" value={draft.type} onChange={set('type')} options={typeOptions} />
        <SelectField label={t('account.search.status')} name="status" value={draft.status} onChange={set('status')} options={['', 'open', 'active', 'finished', 'aborted'].map((value) => ({ value, label: value ? t('account.admin.status', { status: value }) : t('account.admin.any') }))} />
        <Field label={t('account.search.player')} name="player" value={draft.player} onInput={set('player')} />
        <Field label={t('account.search.rulesVersion')} name="rulesVersion" type="number" min={1} value={draft.rulesVersion} onInput={set('rulesVersion')} />
        <Field label={t('account.search.createdFrom')} name="createdFrom" type="date" value={draft.createdFrom} onInput={set('createdFrom')} />
        <Field label={t('account.search.createdTo')} name="createdTo" type="date" value={draft.createdTo} onInput={set('createdTo')} />
        <SelectField label={t('account.search.verify')} name="verify" value={draft.verify} onChange={set('verify')} options={[{ value: '', label: t('account.admin.any') }, { value: 'failed', label: t('account.search.verify.failed') }, { value: 'ok', label: t('account.search.verify.ok') }, { value: 'never', label: t('account.search.verify.never') }]} />
        <div class="row">
          <Button type="submit" variant="primary">{t('account.admin.search')}</Button>
          <Button onClick={() => { setDraft(Object.fromEntries(FILTER_KEYS.map((key) => [key, ''])) as Record<FilterKey, string>); go({}); }}>{t('account.search.clear')}</Button>
        </div>
      </form>
      <ErrorBox error={page.error} />
      <div aria-busy={page.loading} data-testid="games">
        <Table columns={columns} rows={page.data?.items ?? []} rowKey={(game) => game.id} caption={page.data ? t(page.data.totalCapped ? 'account.search.countCapped' : 'account.search.count', { total: page.data.total }) : t('account.admin.loading')} empty={page.loading ? t('account.admin.loading') : t('account.search.empty')} />
      </div>
      {page.data && <Pager total={page.data.total} limit={page.data.limit} offset={page.data.offset} onOffset={(offset) => go({ ...Object.fromEntries(FILTER_KEYS.map((key) => [key, query[key]])), offset })} />}
      <ImportPanel onImported={page.reload} />
    </section>
  );
}
