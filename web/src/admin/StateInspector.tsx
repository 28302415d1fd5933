import { useEffect, useState } from 'preact/hooks';
import { useApi } from '../api/hooks';
import { gameUis } from '../games';
import { SeatNamesProvider } from '../games/names';
import { logLine } from '../games/words';
import { ErrorBox, SelectField } from '../ui/forms';
import { JsonDiffView, JsonView } from '../ui/JsonView';
import type { Snapshot, Viewpoint } from './admin-api';
import { t } from '../i18n';

/**
 * The game at the selected point: the full state (admin view) or a seat's / the public view, and
 * the diff against the point before. Both come from the snapshot cache (fetched on demand).
 */
export function StateInspector({ type, boards, names, at, seatCount, seatName, load }: {
  type: string;
  /** Whether the game's catalog is here, so seat and public views can be drawn as boards. */
  boards: boolean;
  names: readonly string[];
  at: number;
  seatCount: number;
  seatName(seat: number): string;
  load(at: number, viewpoint: Viewpoint): Promise<Snapshot>;
}) {
  const ui = gameUis[type];
  const [viewpoint, setViewpoint] = useState<Viewpoint>('full');
  // Stepping quickly (a held arrow key) asks only for where it stops.
  const [settled, setSettled] = useState(at);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(at), 80);
    return () => clearTimeout(timer);
  }, [at]);
  const snapshots = useApi(() => Promise.all([load(settled, viewpoint), settled > 0 ? load(settled - 1, viewpoint) : Promise.resolve(null)]), [settled, viewpoint]);
  const [current, previous] = snapshots.data ?? [];
  const options = [
    { value: 'full', label: t('account.state.view.full') },
    ...Array.from({ length: seatCount }, (_, seat) => ({ value: String(seat), label: t('account.state.view.seat', { seat, name: seatName(seat) }) })),
    { value: 'public', label: t('account.state.view.public') },
  ];
  // What is on screen is labelled by the snapshot itself: while a new point or viewpoint loads, the
  // previous one stays visible under its own heading (marked busy).
  const shown = current !== undefined && current.at === at && current.viewpoint === viewpoint;
  return (
    <section class="panel inspector" aria-labelledby="state-title">
      <h2 id="state-title">{at === 0 ? t('account.state.atStart') : t('account.state.afterEvent', { at })}</h2>
      <SelectField label={t('account.state.view')} name="viewpoint" value={String(viewpoint)} options={options} onChange={(event) => {
        const value = event.currentTarget.value;
        setViewpoint(value === 'full' || value === 'public' ? value : Number(value));
      }} />
      <ErrorBox error={snapshots.error} />
      <div aria-busy={!shown} data-testid="state-panel" data-at={current?.at} data-viewpoint={current === undefined ? undefined : String(current.viewpoint)} data-ready={shown ? 'true' : 'false'}>
        {current ? (
          <>
            <h3>{t('account.state.shown', { view: typeof current.viewpoint === 'number' ? 'seat' : current.viewpoint, name: typeof current.viewpoint === 'number' ? seatName(current.viewpoint) : '', at: current.at })}</h3>
            {current.viewpoint !== 'full' && ui && boards && current.value ? (
              <div class="inspect-board">
                <div class="inspect-board-view" data-testid="state-board">
                  <SeatNamesProvider names={names} you={current.viewpoint === 'public' ? null : current.viewpoint}>
                    <ui.Board view={current.value as never} seat={current.viewpoint === 'public' ? null : current.viewpoint} />
                  </SeatNamesProvider>
                </div>
                <JsonView value={current.value} label={t('account.state.json')} testId="state-json" />
              </div>
            ) : (
              <JsonView value={current.value} label={t('account.state.json')} testId="state-json" />
            )}
            {current.log && (
              <>
                <h3>{t('account.state.log', { view: current.viewpoint === 'public' ? 'public' : 'seat' })}</h3>
                <ol class="seat-log" data-testid="seat-log" tabIndex={0} aria-label={t('account.state.logLabel')}>{current.log.map((line, index) => <li key={index}><span class="muted">#{line.seq}</span> {logLine(type, line, names)}</li>)}</ol>
              </>
            )}
            <h3>{current.at === 0 ? t('account.state.changes') : t('account.state.changesFrom', { at: current.at - 1 })}</h3>
            {previous ? <JsonDiffView before={previous.value} after={current.value} label={t('account.state.changesLabel')} /> : <p class="muted">{t('account.state.nothingBefore')}</p>}
          </>
        ) : (
          !snapshots.error && <p class="muted">{t('account.admin.loading')}</p>
        )}
      </div>
    </section>
  );
}
