import type { ComponentChildren, InputHTMLAttributes, LooseInputHTMLAttributes, LooseSelectHTMLAttributes, SelectHTMLAttributes } from 'preact';
import { useId, useState } from 'preact/hooks';
import type { ApiError } from '../api/client';
import { refusalInWords } from '../api/refusals';
import { t, tr } from '../i18n';

// Preact's input/select prop types are unions by `type`/`role`; the loose forms pass through as given.
/** A labelled input: the <label> is tied to the control, so clicking it and screen readers work. */
export function Field({ label, hint, ...input }: LooseInputHTMLAttributes & { label: string; hint?: string }) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...(input as InputHTMLAttributes)} />
      {hint && <small id={`${id}-hint`}>{hint}</small>}
    </div>
  );
}

export function SelectField({ label, hint, options, ...select }: LooseSelectHTMLAttributes & { label: string; hint?: string; options: { value: string; label: string }[] }) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} aria-describedby={hint ? `${id}-hint` : undefined} {...(select as SelectHTMLAttributes)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>{option.label}</option>
        ))}
      </select>
      {hint && <small id={`${id}-hint`}>{hint}</small>}
    </div>
  );
}

const UNITS = [
  { value: '60', label: t('pages.unit.minutes') },
  { value: '3600', label: t('pages.unit.hours') },
  { value: '86400', label: t('pages.unit.days') },
];

/**
 * A length of time typed as a number of minutes, hours or days (the API counts seconds): "1 day",
 * not 86400. The unit starts as the largest that divides the value.
 */
export function DurationField({ label, seconds, min, onChange }: { label: string; seconds: number; min: number; onChange(seconds: number): void }) {
  const id = useId();
  const [unit, setUnit] = useState(() => Number(UNITS.slice().reverse().find((u) => seconds % Number(u.value) === 0)?.value ?? 60));
  const amount = seconds / unit;
  return (
    <div class="field duration">
      <label for={id}>{label}</label>
      <div class="row">
        <input id={id} type="number" min={min} step="any" value={String(amount)} onInput={(event) => onChange(Math.round(Number(event.currentTarget.value) * unit))} />
        <select aria-label={t('pages.unit.of', { field: label })} value={String(unit)} onChange={(event) => {
          const next = Number(event.currentTarget.value);
          setUnit(next);
          onChange(Math.round(amount * next));
        }}>
          {UNITS.map((u) => <option key={u.value} value={u.value}>{u.label}</option>)}
        </select>
      </div>
    </div>
  );
}

/** A form field the server names ("password") in the reader's words, where the catalog has them. */
function fieldWords(field: string): string {
  const key = `pages.field.${field}`;
  return tr.has(key) ? tr.t(key) : field;
}

/**
 * A schema refusal in words: "/password must NOT have fewer than 8 characters" → "The password
 * must have at least 8 characters." Other details are already sentences.
 */
export function inWords(detail: string): string {
  return detail
    .replace(/(?:^|\b)\/(\w+) must NOT have fewer than (\d+) characters/g, (_, field: string, n: string) => t('pages.detail.minLength', { field: fieldWords(field), n: Number(n) }))
    .replace(/(?:^|\b)\/(\w+) must NOT have more than (\d+) characters/g, (_, field: string, n: string) => t('pages.detail.maxLength', { field: fieldWords(field), n: Number(n) }))
    .replace(/(?:^|\b)\/(\w+) must match pattern "[^"]*"/g, (_, field: string) => t('pages.detail.pattern', { field: fieldWords(field) }));
}

/**
 * A server refusal shown to the user as a sentence (api/refusals.ts), with the server's detail where
 * it says more (role=alert: read out at once). The code is for programs: kept in data-code, not shown.
 */
export function ErrorBox({ error }: { error: ApiError | undefined | null }) {
  if (!error) return null;
  const { sentence, showDetail } = refusalInWords(error.problem, error.status);
  return (
    <div class="error" role="alert" data-code={error.code}>
      <strong>{sentence}</strong>
      {showDetail && <div>{inWords(error.problem.detail!)}</div>}
    </div>
  );
}

export function Notice({ children, tone = 'info' }: { children: ComponentChildren; tone?: 'info' | 'ok' | 'bad' }) {
  return <div class={`notice notice-${tone}`} role="status">{children}</div>;
}
