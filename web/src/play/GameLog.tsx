import { useEffect, useRef } from 'preact/hooks';
import type { PlayerEvent } from './game-api';

const KIND: Record<string, string> = { timeout: 'timeout', undo: 'undo', resign: 'resigned', rules: 'rules' };

/** The log lines this seat may read, newest at the bottom (kept scrolled there as events arrive). */
export function GameLog({ events }: { events: PlayerEvent[] }) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [events.length]);
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
