import type { ComponentChildren } from 'preact';
import { t, tr } from '../i18n';

export interface Column<T> {
  key: string;
  header: string;
  cell(row: T): ComponentChildren;
}

/** A data table that scrolls sideways inside its box on narrow screens (the page itself never does). */
export function Table<T>({ columns, rows, rowKey, caption, empty = t('pages.table.empty') }: { columns: Column<T>[]; rows: T[]; rowKey(row: T): string; caption?: string; empty?: string }) {
  return (
    // It scrolls sideways on a phone: focusable (and named) so the keyboard can scroll it too.
    <div class="table-wrap" tabIndex={0} role="region" aria-label={caption ? t('pages.table.named', { caption }) : t('pages.table.unnamed')}>
      <table>
        {caption && <caption>{caption}</caption>}
        <thead>
          <tr>{columns.map((column) => <th key={column.key} scope="col">{column.header}</th>)}</tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr><td colSpan={columns.length} class="muted">{empty}</td></tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)}>{columns.map((column) => <td key={column.key} data-label={column.header}>{column.cell(row)}</td>)}</tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Previous/next for `{ limit, offset, total }` lists. */
export function Pager({ total, limit, offset, onOffset }: { total: number; limit: number; offset: number; onOffset(offset: number): void }) {
  const last = Math.min(offset + limit, total);
  return (
    <nav class="pager" aria-label={t('pages.pager.label')}>
      <button type="button" class="btn btn-secondary" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - limit))}>{t('pages.pager.previous')}</button>
      <span>{total === 0 ? t('pages.pager.none') : t('pages.pager.range', { first: tr.number(offset + 1), last: tr.number(last), total: tr.number(total) })}</span>
      <button type="button" class="btn btn-secondary" disabled={last >= total} onClick={() => onOffset(offset + limit)}>{t('pages.pager.next')}</button>
    </nav>
  );
}
