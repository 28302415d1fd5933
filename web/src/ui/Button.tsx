import type { ButtonHTMLAttributes, ComponentChildren } from 'preact';

type Variant = 'primary' | 'secondary' | 'danger';

/** A real <button> (keyboard and screen readers work); `busy` disables it while its call runs. */
export function Button({ variant = 'secondary', busy = false, type = 'button', children, class: extra, disabled, ...rest }: ButtonHTMLAttributes & { variant?: Variant; busy?: boolean; children?: ComponentChildren }) {
  return (
    <button type={type} class={`btn btn-${variant}${extra ? ` ${extra}` : ''}`} disabled={Boolean(disabled) || busy} aria-busy={busy || undefined} {...rest}>
      {children}
    </button>
  );
}
