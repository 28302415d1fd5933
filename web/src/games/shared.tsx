import type { ComponentChildren } from 'preact';
import type { GameAction } from './types';

/** "buyLand" → "Buy land": action types and field names in words. */
export function words(camel: string): string {
  const spaced = camel.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** "1 helper", "5 helpers": a count with its noun ("2 money cards"; an irregular plural is given). */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

/** Fallback label: the type in words and every parameter as "name value". */
export function describeGeneric(action: GameAction): string {
  const parts = Object.entries(action)
    .filter(([key]) => key !== 'type')
    .map(([key, value]) => `${words(key).toLowerCase()} ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  return parts.length ? `${words(action.type)}: ${parts.join(', ')}` : words(action.type);
}

/** The one legal action with these fields, or undefined when none or several match (the buttons decide then). */
export function onlyLegal(legal: readonly GameAction[] | undefined, fields: Record<string, unknown>): GameAction | undefined {
  if (!legal) return undefined;
  const matches = legal.filter((action) => Object.entries(fields).every(([key, value]) => action[key] === value));
  return matches.length === 1 ? matches[0] : undefined;
}

/** A titled box of the board. */
export function Panel(props: { title: string; children: ComponentChildren; class?: string }) {
  return (
    <section class={`board-panel ${props.class ?? ''}`} aria-label={props.title}>
      <h3>{props.title}</h3>
      {props.children}
    </section>
  );
}

/**
 * An SVG group that acts as a button when `action` is given: focusable, Enter/Space activate it,
 * and its label is read out. Without an action it is only a picture with a title.
 */
export function SvgClickable(props: { label: string; action?: GameAction; onAction?: (action: GameAction) => void; children: ComponentChildren }) {
  const { action, onAction } = props;
  if (!action || !onAction) {
    return (
      <g>
        <title>{props.label}</title>
        {props.children}
      </g>
    );
  }
  const fire = () => onAction(action);
  return (
    <g
      role="button"
      // SVG attributes are case-sensitive and Preact sets them as written: `tabIndex` would be ignored.
      tabindex={0}
      aria-label={props.label}
      class="clickable"
      onClick={fire}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          fire();
        }
      }}
    >
      <title>{props.label}</title>
      {props.children}
    </g>
  );
}
