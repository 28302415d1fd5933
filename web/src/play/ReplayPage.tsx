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
  if (!game.data || !catalog.ready) return <p aria-busy="true">Loading…</p>;
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
      () => setCopied('Link copied.'),
      () => setCopied('Your browser did not let the page copy: copy the link beside the button instead.'),
    );
  const names = seatNames(game.data.seats);
  if (!over) {
    return (
      <section class="replay-page" data-testid="replay-page">
        <h1>Replay: {gameTitle(game.data.type)}</h1>
        <p>This game is still being played: its replay opens once it is over.</p>
        <p>
          <a href={`/games/${id}`}>Back to the game</a>
        </p>
      </section>
    );
  }
  // What event N did, in the seat's words; a step that left no line the seat may read says so.
  const happened = step && step.at > 0 ? step.log.filter((line) => line.seq === step.at).map((line) => logLine(game.data!.type, line, names)) : [];
  return (
    <section class="replay-page" data-testid="replay-page" data-at={step?.at ?? ''}>
      <h1>
        Replay: {gameName(game.data)}
      </h1>
      <p class="muted">
        {seat === null ? 'The public view (you did not play).' : `As ${names[seat]} saw it.`} <a href={`/games/${id}`}>Back to the game</a>
      </p>
      {game.data.importedAt && (
        <p class="muted" data-testid="imported-note">
          Imported by an admin on {new Date(game.data.importedAt).toLocaleString()}: not played here. Its seed was committed at the import, after the deal was known, so its record does not prove a fair deal.
        </p>
      )}
      <div class="row replay-controls">
        <Button onClick={() => go(0)} disabled={at === 0}>
          First
        </Button>
        <Button onClick={() => go(at - 1)} disabled={at === 0}>
          Previous
        </Button>
        <label class="replay-slider">
          <span>
            Event {at} of {last}
          </span>
          <input type="range" min={0} max={last} value={at} onInput={(event) => go(Number(event.currentTarget.value))} />
        </label>
        <Button onClick={() => go(at + 1)} disabled={at >= last}>
          Next
        </Button>
        <Button onClick={() => go(last)} disabled={at >= last}>
          Last
        </Button>
      </div>
      <p class="row replay-link">
        <a href={link} data-testid="position-link">
          Link to event {Math.min(at, last)}
        </a>
        <Button onClick={copy}>Copy the link</Button>
        <span role="status">{copied}</span>
      </p>
      <ErrorBox error={error} />
      {step && (
        <p class="replay-event" data-testid="replay-event">
          {step.at === 0 ? 'The game as it was set up.' : happened.length ? `Event ${step.at}: ${happened.join(' ')}` : `Event ${step.at}: a step that shows nothing you could see.`}
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
            <section class="panel" aria-label="Log up to this event">
              <h2>Log up to event {step.at}</h2>
              <ReplayLog type={game.data.type} lines={step.log} names={names} />
            </section>
          </aside>
        </div>
      )}
    </section>
  );
}
