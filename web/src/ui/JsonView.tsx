import { useMemo } from 'preact/hooks';
import { jsonDiff, type JsonChange } from './json-diff';
import { t } from '../i18n';

/**
 * Pretty-printed JSON in a scrollable, focusable <pre>.
 * Text (not a tree of components) keeps a large game state cheap to render.
 */
export function JsonView({ value, label, testId }: { value: unknown; label: string; testId?: string }) {
  const text = useMemo(() => JSON.stringify(value, null, 2) ?? 'undefined', [value]);
  return (
    <pre class="json" tabIndex={0} aria-label={label} data-testid={testId}>{text}</pre>
  );
}

const short = (value: unknown) => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
};

const MAX_SHOWN = 200;

/** The changes from `before` to `after` as a list of paths, coloured by kind. */
export function JsonDiffView({ before, after, label }: { before: unknown; after: unknown; label: string }) {
  const changes = useMemo(() => jsonDiff(before, after), [before, after]);
  if (changes.length === 0) return <p class="muted" data-testid="diff-empty">{t('pages.diff.none')}</p>;
  return (
    <div class="diff-wrap">
      <p class="muted" data-testid="diff-count">{t('pages.diff.count', { n: changes.length })}</p>
      <ul class="diff" aria-label={label} tabIndex={0} data-testid="diff">
        {changes.slice(0, MAX_SHOWN).map((change) => <DiffLine key={`${change.kind}${change.path}`} change={change} />)}
        {changes.length > MAX_SHOWN && <li class="muted">{t('pages.diff.more', { n: changes.length - MAX_SHOWN })}</li>}
      </ul>
    </div>
  );
}

function DiffLine({ change }: { change: JsonChange }) {
  const sign = change.kind === 'added' ? '+' : change.kind === 'removed' ? '−' : '~';
  const kind = t('pages.diff.kind', { kind: change.kind });
  return (
    <li class={`diff-${change.kind}`} data-kind={change.kind} data-path={change.path}>
      <span class="diff-sign" title={kind}>{sign}</span><span class="visually-hidden">{kind}</span>
      <code class="diff-path">{change.path}</code>
      {change.kind === 'changed' && <span class="diff-values"><del><code>{short(change.before)}</code></del> → <ins><code>{short(change.after)}</code></ins></span>}
      {change.kind === 'added' && <span class="diff-values"><ins><code>{short(change.after)}</code></ins></span>}
      {change.kind === 'removed' && <span class="diff-values"><del><code>{short(change.before)}</code></del></span>}
    </li>
  );
}
