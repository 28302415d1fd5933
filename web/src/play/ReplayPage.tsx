import { useLocation } from 'preact-iso';
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, asApiError } from '../api/client';
import { useApi, useSession } from '../api/hooks';
import { gameTitle, gameUis } from '../games';
import { SeatNamesProvider, seatNames } from '../games/names';
import { useCatalog } from '../games/catalogs';
import { Button } from '../ui/Button';
import { ErrorBox } from '../ui/forms';
import { gameName, loadGame, loadReplay, type ReplayStep } from './game-api';
import { ReplayLog } from './GameLog';
import { logLine } from '../games/words';
import { t, tr } from '../i18n';

/**
 * A finished game step by step, as your seat saw it after each event (the public view when you
 * did not play): the server rebuilds each step, so nothing your seat could not see then is sent.
 * Steps are fetched on demand and kept; arrow keys step when the slider has focus. The event shown
 * is in the address (?at=N, as the admin's time travel has it): a link opens the replay there.
 */
export function ReplayPage({ id }: { id: string }) {
  const session = useSession();
  const game = useApi(() => loadGame(id), [id, session?.token]);
  const { query } = useLocation();
  const [at, setAt] = useState(() => Math.max(0, Math.floor(Number(query.at) || 0)));
  const [copied, setCopied] = useState<string | null>(null);
  const [step, setStep] = useState<ReplayStep | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const cache = useRef(new Map<number, ReplayStep>());
  const catalog = useCatalog(game.data?.type);

  useEffect(() => {
    cache.current.clear();
  }, [id, session?.token]);
  const over = game.data?.status === 'finished' || game.data?.status === 'aborted';
  useEffect(() => {
    if (!game.data || !over) return;
    // A link past the end (or a mistyped one) shows the last event.
    if (at > game.data.version) return setAt(game.data.version);
    const cached = cache.current.get(at);
    if (cached) {
      setStep(cached);
      return;
    }
    let current = true;
    loadReplay(id, at).then(
      (answer) => {
        cache.current.set(at, answer);
        if (current) {
          setStep(answer);
          setError(null);
        }
      },
      (failure: unknown) => current && setError(asApiError(failure)),
    );
    return () => {
      current = false;
    };
  }, [id, at, game.data?.version]);

  if (game.error) return <ErrorBox error={game.error} />;
  if (catalog.error) return <ErrorBox error={asApiError(catalog.error)} />;
  if (!game.data || !catalog.ready) return <p aria-busy="true">{t('pages.loading')}</p>;
  const last = game.data.version;
  const ui = gameUis[game.data.type];
  // The replay answer says whose view it is (null: the public one).
  const seat = step ? step.seat : game.data.yourSeat;
  const go = (n: number) => {
    const next = Math.min(last, Math.max(0, n));
    setAt(next);
    setCopied(null);
    const url = new URL(location.href);
    url.searchParams.set('at', String(next));
    history.replaceState(history.state, '', url);
  };
  const link = `${location.origin}/games/${id}/replay?at=${Math.min(at, last)}`;
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => setCopied(t('pages.replay.copied')),
      () => setCopied(t('pages.replay.copyRefused')),
    );
  const names = seatNames(game.data.seats, tr);
  if (!over) {
    return (
      <section class="replay-page" data-testid="replay-page">
        <h1>{t('pages.replay.title', { game: gameTitle(game.data.type) })}</h1>
        <p>{t('pages.replay.notOver')}</p>
        <p>
          <a href={`/games/${id}`}>{t('pages.replay.back')}</a>
        </p>
      </section>
    );
  }
  // What event N did, in the seat's words; a step that left no line the seat may read says so.
  const happened = step && step.at > 0 ? step.log.filter((line) => line.seq === step.at).map((line) => logLine(game.data!.type, line, names)) : [];
  return (
    <section class="replay-page" data-testid="replay-page" data-at={step?.at ?? ''}>
      <h1>
        {t('pages.replay.title', { game: gameName(game.data) })}
      </h1>
      <p class="muted">
        {seat === null ? t('pages.replay.publicView') : t('pages.replay.seatView', { name: names[seat] })} <a href={`/games/${id}`}>{t('pages.replay.back')}</a>
      </p>
      {game.data.importedAt && (
        <p class="muted" data-testid="imported-note">
          {t('pages.replay.imported', { date: tr.date(game.data.importedAt) })}
        </p>
      )}
      <div class="row replay-controls">
        <Button onClick={() => go(0)} disabled={at === 0}>
          {t('pages.replay.first')}
        </Button>
        <Button onClick={() => go(at - 1)} disabled={at === 0}>
          {t('pages.replay.previous')}
        </Button>
        <label class="replay-slider">
          <span>{t('pages.replay.eventOf', { at, last })}</span>
          <input type="range" min={0} max={last} value={at} onInput={(event) => go(Number(event.currentTarget.value))} />
        </label>
        <Button onClick={() => go(at + 1)} disabled={at >= last}>
          {t('pages.replay.next')}
        </Button>
        <Button onClick={() => go(last)} disabled={at >= last}>
          {t('pages.replay.last')}
        </Button>
      </div>
      <p class="row replay-link">
        <a href={link} data-testid="position-link">
          {t('pages.replay.link', { at: Math.min(at, last) })}
        </a>
        <Button onClick={copy}>{t('pages.replay.copy')}</Button>
        <span role="status">{copied}</span>
      </p>
      <ErrorBox error={error} />
      {step && (
        <p class="replay-event" data-testid="replay-event">
          {step.at === 0 ? t('pages.replay.setup') : happened.length ? t('pages.replay.event', { at: step.at, lines: happened.join(' ') }) : t('pages.replay.hiddenEvent', { at: step.at })}
        </p>
      )}
      {step && (
        <div class="play-layout">
          <div class="play-board">
            <SeatNamesProvider names={names} you={seat}>
              {ui && step.view ? <ui.Board view={step.view as never} seat={seat} /> : null}
            </SeatNamesProvider>
          </div>
          <aside class="play-side">
            <section class="panel" aria-label={t('pages.log.upToEvent')}>
              <h2>{t('pages.replay.logTitle', { at: step.at })}</h2>
              <ReplayLog type={game.data.type} lines={step.log} names={names} />
            </section>
          </aside>
        </div>
      )}
    </section>
  );
}
