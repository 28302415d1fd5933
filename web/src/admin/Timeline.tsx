import { useEffect, useRef } from 'preact/hooks';
import type { GameAction } from '../games/types';
import { actionWords, logLine } from '../games/words';
import { Button } from '../ui/Button';
import type { TimelineEvent } from './admin-api';
import { formatTime, oneLine } from './format';
import { t, tr } from '../i18n';

/**
 * Every event of a game with a slider and step buttons to pick a point (N = right after event N).
 * A game started since the start became an event of its own (event 1, kind `start`, which changes
 * no state) begins at that event; an older game's first point is 0, the game as set up. Either way
 * the start is listed once. Who: the seat and the account that caused the event (a bot's or the server's
 * own events have no account: the seat's name then). Arrow keys step, Home/End jump, anywhere in the timeline. The list is plain
 * markup (no component per line) so a 500-event game shows at once.
 */
export function Timeline({ type, names, events, at, onSelect, seatName }: { type: string; names: readonly string[]; events: TimelineEvent[]; at: number; onSelect(at: number): void; seatName(seat: number | null): string }) {
  const last = events.length;
  const first = firstPoint(events);
  const list = useRef<HTMLOListElement>(null);
  const clamp = (value: number) => Math.max(first, Math.min(last, value));
  const position = t('account.timeline.point', { kind: at === 0 ? 'setup' : events[at - 1]?.kind === 'start' ? 'start' : 'event', at });
  // Keep the selected event in sight inside the list (without scrolling the page).
  useEffect(() => {
    const container = list.current;
    const item = container?.querySelector<HTMLElement>(`[data-seq="${at}"]`);
    if (!container || !item) return;
    if (item.offsetTop < container.scrollTop || item.offsetTop + item.offsetHeight > container.scrollTop + container.clientHeight) {
      container.scrollTop = item.offsetTop - container.clientHeight / 2;
    }
  }, [at]);
  const onKeyDown = (event: KeyboardEvent) => {
    // The slider handles its own arrow keys.
    if ((event.target as HTMLElement).tagName === 'INPUT') return;
    const to = { ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1, Home: first, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    onSelect(clamp(to));
  };
  return (
    <section class="timeline panel" aria-labelledby="timeline-title" onKeyDown={onKeyDown} data-testid="timeline">
      <h2 id="timeline-title">{t('account.timeline.heading')}</h2>
      <div class="row">
        <Button onClick={() => onSelect(first)} disabled={at <= first} aria-label={t('account.timeline.first')}>« {t('account.timeline.first')}</Button>
        <Button onClick={() => onSelect(clamp(at - 1))} disabled={at <= first} aria-label={t('account.timeline.previous')}>‹ {t('account.timeline.previous')}</Button>
        <output data-testid="timeline-position" aria-live="polite">{t('account.timeline.pointOf', { point: position, last })}</output>
        <Button onClick={() => onSelect(clamp(at + 1))} disabled={at === last} aria-label={t('account.timeline.next')}>{t('account.timeline.next')} ›</Button>
        <Button onClick={() => onSelect(last)} disabled={at === last} aria-label={t('account.timeline.last')}>{t('account.timeline.last')} »</Button>
      </div>
      <div class="field">
        <label for="timeline-slider">{t('account.timeline.slider', { first })}</label>
        <input id="timeline-slider" type="range" min={first} max={last} step={1} value={at} onInput={(event) => onSelect(Number(event.currentTarget.value))} aria-valuetext={position} />
      </div>
      <ol class="events" ref={list} aria-label={t('account.timeline.events')} tabIndex={0}>
        {first === 0 && (
          <li data-seq="0" class={at === 0 ? 'selected' : undefined}>
            <button type="button" class="event-pick" onClick={() => onSelect(0)} aria-current={at === 0 ? 'step' : undefined}>{t('account.timeline.start')}</button>
            <span class="muted">{t('account.timeline.setUp')}</span>
          </li>
        )}
        {events.map((event) => (
          <li key={event.seq} data-seq={event.seq} class={event.seq === at ? 'selected' : undefined}>
            <button type="button" class="event-pick" onClick={() => onSelect(event.seq)} aria-current={event.seq === at ? 'step' : undefined}>#{event.seq}</button>
            <span class="event-who">{t('account.timeline.who', { seat: event.seat === null ? 'none' : String(event.seat), name: event.username ?? (event.seat === null ? t('account.timeline.server') : seatName(event.seat)) })}</span>
            <span class="badge">{t('account.timeline.kind', { kind: event.kind })}</span>
            {event.kind === 'start' && <span class="muted">{t('account.timeline.setUp')}</span>}
            {event.irreversible && <span class="badge badge-bad" title={t('account.timeline.irreversibleTitle')}>{t('account.timeline.irreversible')}</span>}
            {event.kind === 'action' && event.action !== null && event.action !== undefined && actionWords(type, event.action as GameAction) && <span class="event-words">{actionWords(type, event.action as GameAction)}</span>}
            <code class="event-action">{oneLine(event.action)}</code>
            <time class="muted" dateTime={event.createdAt}>{formatTime(event.createdAt)}</time>
            {event.log.length > 0 && (
              <ul class="event-log">
                {event.log.map((line, index) => (
                  <li key={index}>
                    {logLine(type, line, names)}
                    {line.visibleTo && <span class="muted"> {t('account.timeline.seenBy', { names: tr.list(line.visibleTo.map((seat) => names[seat] ?? t('account.timeline.seat', { seat }))) })}</span>}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The first point a timeline offers: 1 when event 1 is the start (the state at 0 is the same), else 0. */
export const firstPoint = (events: readonly { kind: string }[]) => (events[0]?.kind === 'start' ? 1 : 0);
