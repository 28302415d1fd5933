import { useState } from 'preact/hooks';
import { useMutation } from '../api/hooks';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/Confirm';
import { ErrorBox, Field, Notice } from '../ui/forms';
import { abortGame, exportGame, seatToBot, verifyGame, type AdminGame, type VerifyVerdict } from './admin-api';
import { verifyLabel } from './format';
import { downloadJson } from './download';

type Pending = { kind: 'abort' } | { kind: 'bot'; seat: number };

/** Verify, download, and the moderation an admin may need (each confirmed first). */
export function GameTools({ game, onChanged, onGoTo }: { game: AdminGame; onChanged(): void; onGoTo(at: number): void }) {
  const [verdict, setVerdict] = useState<VerifyVerdict | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');
  const verify = useMutation(async () => {
    setVerdict(await verifyGame(game.id));
    // The verdict is kept with the game: "Last verify" shows it too.
    onChanged();
  });
  const download = useMutation(async () => downloadJson(await exportGame(game.id), `game-${game.id}.json`));
  const moderate = useMutation(async (action: Pending) => {
    if (action.kind === 'abort') await abortGame(game.id, reason.trim() || undefined);
    else await seatToBot(game.id, action.seat);
    setPending(null);
    onChanged();
  });
  const running = game.status === 'active' || game.status === 'open';
  const last = verifyLabel(game.lastVerify);
  return (
    <section class="panel tools" aria-labelledby="tools-title">
      <h2 id="tools-title">Tools</h2>
      <div class="row">
        <Button variant="primary" busy={verify.running} onClick={() => void verify.run()}>Run verify</Button>
        <Button busy={download.running} onClick={() => void download.run()} disabled={game.status === 'open'}>Download record</Button>
        {running && <Button variant="danger" onClick={() => setPending({ kind: 'abort' })}>Abort game</Button>}
        <span class="muted">Last verify: {last.text}</span>
      </div>
      {running && game.status === 'active' && (
        <div class="row" role="group" aria-label="Replace a seat by a bot">
          <span>Replace by a bot:</span>
          {game.seatsDetail.filter((seat) => !seat.bot).map((seat) => (
            <Button key={seat.seat} onClick={() => setPending({ kind: 'bot', seat: seat.seat })}>Seat {seat.seat} ({seat.username ?? 'empty'})</Button>
          ))}
        </div>
      )}
      <ErrorBox error={verify.error ?? download.error} />
      {verdict && (verdict.ok ? (
        <Notice tone="ok"><span data-testid="verify-result">Verify OK: {verdict.checkedEvents} events replayed, the stored state matches.</span></Notice>
      ) : (
        <Notice tone="bad">
          <span data-testid="verify-result">Verify FAILED at event {verdict.divergence?.atEvent}: {verdict.divergence?.reason}</span>{' '}
          {verdict.divergence && <Button onClick={() => onGoTo(verdict.divergence!.atEvent)}>Go to event {verdict.divergence.atEvent}</Button>}
        </Notice>
      ))}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'abort' ? 'Abort this game?' : `Give seat ${pending?.kind === 'bot' ? pending.seat : ''} to a bot?`}
        confirmLabel={pending?.kind === 'abort' ? 'Abort game' : 'Replace by bot'}
        busy={moderate.running}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && void moderate.run(pending)}
      >
        <p>{pending?.kind === 'abort' ? 'The game ends now without a result; its players are told. This cannot be undone.' : 'A bot takes this seat now and plays on; the player loses it.'}</p>
        {pending?.kind === 'abort' && <Field label="Reason (optional, shown in the log)" name="reason" maxLength={500} value={reason} onInput={(event) => setReason(event.currentTarget.value)} />}
        <ErrorBox error={moderate.error} />
      </ConfirmDialog>
    </section>
  );
}
