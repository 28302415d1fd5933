import { useLocation } from 'preact-iso';
import { useMutation } from '../api/hooks';
import { gameTitle } from '../games';
import { seatNames } from '../games/names';
import { Button } from '../ui/Button';
import { ErrorBox } from '../ui/forms';
import { randomSeed } from './ClientSeedForm';
import { createArrangedGame, rematchOf, type GameDetail } from './game-api';

/**
 * "Play again" at the end of a finished game, for its players: a new game of the same type and
 * options with the same players invited and the same bots (game-api.ts, rematchOf); the others see
 * the invitation in their lobby. The new game's page opens, where its seats fill as they accept.
 */
export function Rematch({ game, you }: { game: GameDetail; you: number }) {
  const { route } = useLocation();
  const names = seatNames(game.seats);
  const others = game.seats.filter((seat) => seat.seat !== you).map((seat) => names[seat.seat]);
  const start = useMutation(async () => {
    const { body, fills } = rematchOf(game, you, randomSeed());
    const created = await createArrangedGame(body, fills);
    route(`/games/${created.id}`);
    return created;
  });
  return (
    <section class="panel rematch" aria-labelledby="rematch-heading">
      <h2 id="rematch-heading">Play again</h2>
      <p class="muted">A new {gameTitle(game.type).toLowerCase()} game with the same options; {others.join(', ')} {others.length === 1 ? 'is' : 'are'} invited again.</p>
      <Button onClick={() => void start.run()} disabled={start.running}>
        Rematch
      </Button>
      <ErrorBox error={start.error ?? null} />
    </section>
  );
}
