import { t, tr } from '../i18n';
import type { LastVerify } from './admin-api';

/** Short, readable forms of the values the inspector lists, in the reader's language. */
export const shortId = (id: string) => id.slice(0, 8);

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return t('account.admin.none');
  const date = new Date(iso);
  // To the second, in the reader's language and time zone (the exact value is in the element's dateTime or the API).
  return Number.isNaN(date.getTime()) ? iso : tr.date(date, { dateStyle: 'medium', timeStyle: 'medium' });
}

export function verifyLabel(verdict: LastVerify | null): { text: string; tone: 'ok' | 'bad' | '' } {
  if (!verdict) return { text: t('account.admin.verify.never'), tone: '' };
  if (verdict.ok) return { text: t('account.admin.verify.ok'), tone: 'ok' };
  const at = verdict.divergence?.atEvent;
  return { text: at === undefined ? t('account.admin.verify.failedUnknown') : t('account.admin.verify.failed', { at }), tone: 'bad' };
}

/** An action as one line (`{"type":"play","card":3}`), cut at `max` characters. */
export function oneLine(value: unknown, max = 80): string {
  const text = value === undefined || value === null ? '' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
