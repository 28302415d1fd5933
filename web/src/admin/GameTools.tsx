import { useState } from 'preact/hooks';
import { useMutation } from '../api/hooks';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/Confirm';
import { ErrorBox, Field, Notice } from '../ui/forms';
import { abortGame, exportGame, seatToBot, verifyGame, type AdminGame, type VerifyVerdict } from './admin-api';
import { verifyLabel } from './format';
import { downloadJson } from './download';
import { t } from '../i18n';

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
      <h2 id="tools-title">{t('account.tools.heading')}</h2>
      <div class="row">
        <Button variant="primary" busy={verify.running} onClick={() => void verify.run()}>{t('account.tools.verify')}</Button>
        <Button busy={download.running} onClick={() => void download.run()} disabled={game.status === 'open'}>{t('account.tools.download')}</Button>
        {running && <Button variant="danger" onClick={() => setPending({ kind: 'abort' })}>{t('account.tools.abort')}</Button>}
        <span class="muted">{t('account.tools.lastVerify', { verdict: last.text })}</span>
      </div>
      {running && game.status === 'active' && (
        <div class="row" role="group" aria-label={t('account.tools.replaceGroup')}>
          <span>{t('account.tools.replaceBy')}</span>
          {game.seatsDetail.filter((seat) => !seat.bot).map((seat) => (
            <Button key={seat.seat} onClick={() => setPending({ kind: 'bot', seat: seat.seat })}>{t('account.tools.seat', { seat: seat.seat, name: seat.username ?? t('account.tools.emptySeat') })}</Button>
          ))}
        </div>
      )}
      <ErrorBox error={verify.error ?? download.error} />
      {verdict && (verdict.ok ? (
        <Notice tone="ok"><span data-testid="verify-result">{t('account.tools.verifyOk', { events: verdict.checkedEvents })}</span></Notice>
      ) : (
        <Notice tone="bad">
          <span data-testid="verify-result">{t('account.tools.verifyFailed', { at: verdict.divergence?.atEvent ?? '?', reason: verdict.divergence?.reason })}</span>{' '}
          {verdict.divergence && <Button onClick={() => onGoTo(verdict.divergence!.atEvent)}>{t('account.tools.goTo', { at: verdict.divergence.atEvent })}</Button>}
        </Notice>
      ))}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.kind === 'bot' ? t('account.tools.botTitle', { seat: pending.seat }) : t('account.tools.abortTitle')}
        confirmLabel={pending?.kind === 'bot' ? t('account.tools.botConfirm') : t('account.tools.abort')}
        busy={moderate.running}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && void moderate.run(pending)}
      >
        <p>{pending?.kind === 'bot' ? t('account.tools.botText') : t('account.tools.abortText')}</p>
        {pending?.kind === 'abort' && <Field label={t('account.tools.reason')} name="reason" maxLength={500} value={reason} onInput={(event) => setReason(event.currentTarget.value)} />}
        <ErrorBox error={moderate.error} />
      </ConfirmDialog>
    </section>
  );
}
