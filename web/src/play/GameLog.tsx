import { useEffect, useRef } from 'preact/hooks';
import { eventLines, logLine } from '../games/words';
import type { PlayerEvent } from './game-api';
import { t } from '../i18n';

/** A log list kept scrolled to its newest line (at the bottom) as lines arrive. */
function useScrolledToEnd(length: number) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [length]);
  return list;
}

/**
 * The log lines this seat may read, newest at the bottom, in words (games/words.ts): player names,
 * card names, and a line for the steps the engine does not log. The list scrolls, so it takes the
 * keyboard focus (tabindex) to be scrolled without a mouse.
 */
export function GameLog({ type, events, names, view }: { type: string; events: PlayerEvent[]; names: readonly string[]; view: unknown }) {
  const list = useScrolledToEnd(events.length);
  return (
    <ol class="game-log" ref={list} aria-label={t('pages.log.game')} tabIndex={0} data-testid="game-log">
      {events.map((event) => (
        <li key={event.seq}>
          <span class="muted">#{event.seq}</span> {eventLines(type, event, names, view).join(' ')}
        </li>
      ))}
    </ol>
  );
}

/** A replay's log lines up to its step (each with its event's seq), in words. */
export function ReplayLog({ type, lines, names }: { type: string; lines: { seq: number; message: string; data?: unknown }[]; names: readonly string[] }) {
  const list = useScrolledToEnd(lines.length);
  return (
    <ol class="game-log" ref={list} aria-label={t('pages.log.upToEvent')} tabIndex={0}>
      {lines.map((line, i) => (
        <li key={i}>
          <span class="muted">#{line.seq}</span> {logLine(type, line, names)}
        </li>
      ))}
    </ol>
  );
}
