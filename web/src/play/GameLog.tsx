import { useEffect, useRef } from 'preact/hooks';
import type { PlayerEvent } from './game-api';

const KIND: Record<string, string> = { timeout: 'timeout', undo: 'undo', resign: 'resigned', rules: 'rules' };

/** A log list kept scrolled to its newest line (at the bottom) as lines arrive. */
function useScrolledToEnd(length: number) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [length]);
  return list;
}

/** The log lines this seat may read, newest at the bottom. */
export function GameLog({ events }: { events: PlayerEvent[] }) {
  const list = useScrolledToEnd(events.length);
  return (
    <ol class="game-log" ref={list} aria-label="Game log" aria-live="polite" data-testid="game-log">
      {events.map((event) => (
        <li key={event.seq}>
          <span class="muted">
            #{event.seq}
            {event.seat !== null ? ` seat ${event.seat}` : ''}
            {KIND[event.kind] ? ` (${KIND[event.kind]})` : ''}
          </span>{' '}
          {event.log.length ? event.log.map((entry) => entry.message).join(' ') : <span class="muted">—</span>}
        </li>
      ))}
    </ol>
  );
}

/** A replay's log lines up to its step (each with its event's seq). */
export function ReplayLog({ lines }: { lines: { seq: number; message: string }[] }) {
  const list = useScrolledToEnd(lines.length);
  return (
    <ol class="game-log" ref={list}>
      {lines.map((line, i) => (
        <li key={i}>
          <span class="muted">#{line.seq}</span> {line.message}
        </li>
      ))}
    </ol>
  );
}
