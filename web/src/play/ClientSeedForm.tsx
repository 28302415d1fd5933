import { useState } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import { useMutation } from '../api/hooks';
import { Button } from '../ui/Button';
import { ErrorBox, Field } from '../ui/forms';
import { playerName } from '../games/names';
import type { GameDetail } from './game-api';
import { t, tr } from '../i18n';

/** 16 random bytes as hex: a client seed nobody else could have guessed (docs/fairness.md). */
export function randomSeed(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Provably fair dealing: a seated player adds a seed of their own to the deal before the start
 * (PUT /v1/games/{id}/client-seed). The deal comes from it, the other players' and the server's
 * committed seed together, so neither the server nor any player can choose it.
 */
export function ClientSeedForm({ game, onChanged }: { game: GameDetail; onChanged(game: GameDetail): void }) {
  const given = game.yourSeat === null ? null : (game.clientSeeds?.[game.yourSeat] ?? null);
  const [seed, setSeed] = useState(given ?? randomSeed());
  const save = useMutation(async () => unwrap(api.PUT('/v1/games/{id}/client-seed', { params: { path: { id: game.id } }, body: { clientSeed: seed } })) as Promise<GameDetail>);
  if (game.yourSeat === null || game.clientSeeds === null) return null;
  const contributed = game.clientSeeds.flatMap((value, seat) => (value === null ? [] : [seat]));
  return (
    <form
      class="row client-seed"
      aria-label={t('pages.seed.form')}
      onSubmit={async (event) => {
        event.preventDefault();
        const updated = await save.run();
        if (updated) onChanged(updated);
      }}
    >
      <Field
        label={t('pages.seed.label')}
        hint={t('pages.seed.hint', { commitment: `${game.seedCommitment.slice(0, 12)}…`, given: contributed.length, players: tr.list(contributed.map((seat) => playerName(game.seats[seat], seat, tr))) })}
        required
        maxLength={64}
        pattern="[A-Za-z0-9._~:\-]{1,64}"
        value={seed}
        onInput={(event) => setSeed(event.currentTarget.value)}
      />
      <Button type="submit" busy={save.running}>
        {given === null ? t('pages.seed.give') : t('pages.seed.replace')}
      </Button>
      <ErrorBox error={save.error} />
    </form>
  );
}
