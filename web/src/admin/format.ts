import type { LastVerify } from './admin-api';

/** Short, readable forms of the values the inspector lists. */
export const shortId = (id: string) => id.slice(0, 8);

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toISOString().replace('T', ' ').replace(/\.\d+Z$/, 'Z');
}

export function verifyLabel(verdict: LastVerify | null): { text: string; tone: 'ok' | 'bad' | '' } {
  if (!verdict) return { text: 'never', tone: '' };
  return verdict.ok ? { text: 'ok', tone: 'ok' } : { text: `failed at event ${verdict.divergence?.atEvent ?? '?'}`, tone: 'bad' };
}

/** An action as one line (`{"type":"play","card":3}`), cut at `max` characters. */
export function oneLine(value: unknown, max = 80): string {
  const text = value === undefined || value === null ? '' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
