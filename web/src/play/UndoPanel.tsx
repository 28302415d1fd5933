import { useState } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import { useMutation } from '../api/hooks';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/Confirm';
import { ErrorBox } from '../ui/forms';
import type { UndoRequest } from './game-api';
import { playerLabel } from '../games/names';
import { t, tr } from '../i18n';

/**
 * Take-back (at once, while nobody has moved since and nothing was revealed), undo requests to the
 * other players (approve / refuse), and resigning. Every refusal is the server's, shown as it says.
 */
export function UndoPanel({ gameId, seat, version, hasMoved, names, requests, onChanged }: {
  gameId: string;
  seat: number;
  /** The game's version: a refusal shown stays only until the game moves on. */
  version: number;
  /** Whether this seat has made a move yet (before that there is nothing to take back or undo). */
  hasMoved: boolean;
  names: readonly string[];
  requests: UndoRequest[];
  onChanged(): void;
}) {
  const path = { params: { path: { id: gameId } } };
  const [confirmResign, setConfirmResign] = useState(false);
  const takeBack = useMutation(async () => unwrap(api.POST('/v1/games/{id}/take-back', path)));
  const request = useMutation(async () => unwrap(api.POST('/v1/games/{id}/undo-requests', path)));
  const answer = useMutation(async (requestId: string, approve: boolean) =>
    approve
      ? unwrap(api.POST('/v1/games/{id}/undo-requests/{requestId}/approve', { params: { path: { id: gameId, requestId } } }))
      : unwrap(api.POST('/v1/games/{id}/undo-requests/{requestId}/decline', { params: { path: { id: gameId, requestId } } })),
  );
  const resign = useMutation(async () => unwrap(api.POST('/v1/games/{id}/resign', path)));
  // The last attempt's refusal is shown only while the game is at the version it was made at. Decided
  // in the render (not cleared by an effect after it), so the page never shows the new version beside
  // the old refusal.
  const mutations = { takeBack, request, answer, resign };
  const [last, setLast] = useState<{ at: number; what: keyof typeof mutations } | null>(null);
  const attempt = async (what: keyof typeof mutations, call: () => Promise<unknown>) => {
    setLast({ at: version, what });
    done(await call());
  };
  const refusal = last && last.at === version ? mutations[last.what].error : undefined;
  const name = (s: number) => names[s] ?? playerLabel(s, tr);
  const done = (result: unknown) => {
    if (result !== undefined) onChanged();
  };
  const open = requests.filter((r) => r.status === 'open');
  // Requests come newest first: the player who asked last sees it if that one was refused.
  const refused = requests[0]?.status === 'declined' && requests[0].seat === seat ? requests[0] : null;
  return (
    <section class="panel" aria-label={t('pages.undo.region')}>
      <h2>{t('pages.undo.title')}</h2>
      <div class="row">
        <Button busy={takeBack.running} disabled={!hasMoved} onClick={() => attempt('takeBack', takeBack.run)}>
          {t('pages.undo.takeBack')}
        </Button>
        <Button busy={request.running} disabled={!hasMoved} onClick={() => attempt('request', request.run)}>
          {t('pages.undo.ask')}
        </Button>
        <Button variant="danger" onClick={() => setConfirmResign(true)}>
          {t('pages.undo.resign')}
        </Button>
      </div>
      <ErrorBox error={refusal} />
      {refused && (
        <p class="muted" data-testid="undo-refused">
          {t('pages.undo.refused', { seq: refused.seq })}
        </p>
      )}
      {open.length > 0 && (
        <ul class="plain" data-testid="undo-requests">
          {open.map((r) => (
            <li key={r.id}>
              {r.approvals.length ? t('pages.undo.askedApproved', { name: name(r.seat), seq: r.seq, approvers: tr.list(r.approvals.map(name)) }) : t('pages.undo.asked', { name: name(r.seat), seq: r.seq })}
              {r.seat !== seat && !r.approvals.includes(seat) && (
                <span class="row">
                  <Button variant="primary" busy={answer.running} onClick={() => attempt('answer', () => answer.run(r.id, true))}>
                    {t('pages.undo.approve')}
                  </Button>
                  <Button busy={answer.running} onClick={() => attempt('answer', () => answer.run(r.id, false))}>
                    {t('pages.undo.refuse')}
                  </Button>
                </span>
              )}
              {r.seat === seat && <span class="muted"> {t('pages.undo.waiting')}</span>}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirmResign}
        title={t('pages.undo.confirm.title')}
        confirmLabel={t('pages.undo.resign')}
        busy={resign.running}
        onCancel={() => setConfirmResign(false)}
        onConfirm={async () => {
          await attempt('resign', resign.run);
          setConfirmResign(false);
        }}
      >
        {t('pages.undo.confirm.text')}
      </ConfirmDialog>
    </section>
  );
}
