import { useLocation } from 'preact-iso';
import { useMutation } from '../api/hooks';
import { gameTitle } from '../games';
import { seatNames } from '../games/names';
import { Button } from '../ui/Button';
import { ErrorBox } from '../ui/forms';
import { randomSeed } from './ClientSeedForm';
import { createArrangedGame, rematchOf, type GameDetail } from './game-api';
import { t, tr } from '../i18n';

/**
 * "Play again" at the end of a finished game, for its players: a new game of the same type and
 * options with the same players invited and the same bots (game-api.ts, rematchOf); the others see
 * the invitation in their lobby. The new game's page opens, where its seats fill as they accept.
 */
export function Rematch({ game, you }: { game: GameDetail; you: number }) {
  const { route } = useLocation();
  const names = seatNames(game.seats, tr);
  const others = game.seats.filter((seat) => seat.seat !== you).map((seat) => names[seat.seat]!);
  const start = useMutation(async () => {
    const { body, fills } = rematchOf(game, you, randomSeed());
    const created = await createArrangedGame(body, fills);
    route(`/games/${created.id}`);
    return created;
  });
  return (
    <section class="panel rematch" aria-labelledby="rematch-heading">
      <h2 id="rematch-heading">{t('pages.rematch.title')}</h2>
      <p class="muted">{t('pages.rematch.text', { game: gameTitle(game.type), players: tr.list(others), n: others.length })}</p>
      <Button onClick={() => void start.run()} disabled={start.running}>
        {t('pages.rematch.submit')}
      </Button>
      <ErrorBox error={start.error ?? null} />
    </section>
  );
}
