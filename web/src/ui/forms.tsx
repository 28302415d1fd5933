import type { ComponentChildren, InputHTMLAttributes, LooseInputHTMLAttributes, LooseSelectHTMLAttributes, SelectHTMLAttributes } from 'preact';
import { useId } from 'preact/hooks';
import type { ApiError } from '../api/client';

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

export function SelectField({ label, options, ...select }: LooseSelectHTMLAttributes & { label: string; options: { value: string; label: string }[] }) {
  const id = useId();
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select id={id} {...(select as SelectHTMLAttributes)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>{option.label}</option>
        ))}
      </select>
    </div>
  );
}

/** A server refusal shown to the user: its title/detail and code (role=alert: read out at once). */
export function ErrorBox({ error }: { error: ApiError | undefined | null }) {
  if (!error) return null;
  return (
    <div class="error" role="alert">
      <strong>{error.problem.title ?? 'Error'}</strong>
      {error.code && <code class="code">{error.code}</code>}
      {error.problem.detail && <div>{error.problem.detail}</div>}
    </div>
  );
}

export function Notice({ children, tone = 'info' }: { children: ComponentChildren; tone?: 'info' | 'ok' | 'bad' }) {
  return <div class={`notice notice-${tone}`} role="status">{children}</div>;
}
