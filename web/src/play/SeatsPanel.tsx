import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import { useApi, useMutation, useSession } from '../api/hooks';
import { Button } from '../ui/Button';
import { BotLevelField, defaultBot, type BotLevel } from './BotLevelField';
import { ClientSeedForm } from './ClientSeedForm';
import { playerLabel } from '../games/names';
import { ErrorBox, Field, SelectField } from '../ui/forms';
import { LinkedSentence } from '../ui/LinkedSentence';
import { SEAT_FILLS, seatName, type GameDetail, type SeatFill, type SeatInfo } from './game-api';
import { t, tr } from '../i18n';

/** The creator's control of one empty seat: leave it open, give it to a bot, or hold it for a user. */
function SeatControl({ gameId, seat, botLevels, onChanged }: { gameId: string; seat: SeatInfo; botLevels: BotLevel[]; onChanged(game: GameDetail): void }) {
  const [kind, setKind] = useState<SeatFill['fill']>(seat.bot ? 'bot' : seat.reservedFor ? 'reserved' : 'open');
  const [username, setUsername] = useState(seat.reservedFor ?? '');
  // The player's pick, else the default of the game type's levels (they may still be loading at the first render).
  const [picked, setBot] = useState<string | null>(seat.bot);
  const bot = picked ?? defaultBot(botLevels);
  const save = useMutation(async () => {
    const body: SeatFill = kind === 'reserved' ? { fill: 'reserved', username } : kind === 'bot' ? { fill: 'bot', bot } : { fill: 'open' };
    return unwrap(api.PUT('/v1/games/{id}/seats/{seat}', { params: { path: { id: gameId, seat: seat.seat } }, body })) as Promise<GameDetail>;
  });
  return (
    <form
      class="row seat-control"
      onSubmit={async (event) => {
        event.preventDefault();
        const game = await save.run();
        if (game) onChanged(game);
      }}
    >
      <SelectField
        label={playerLabel(seat.seat, tr)}
        value={kind}
        onChange={(event) => setKind(event.currentTarget.value as SeatFill['fill'])}
        options={SEAT_FILLS}
      />
      {kind === 'reserved' && <Field label={t('pages.seat.usernameFor', { player: playerLabel(seat.seat, tr) })} required value={username} onInput={(event) => setUsername(event.currentTarget.value)} />}
      {kind === 'bot' && <BotLevelField seat={seat.seat} levels={botLevels} value={bot} onChange={setBot} />}
      <Button type="submit" busy={save.running}>
        {t('pages.seats.set', { player: playerLabel(seat.seat, tr) })}
      </Button>
      <ErrorBox error={save.error} />
    </form>
  );
}

/**
 * A game waiting for players: who sits where; the creator (seat 0) configures the empty seats and
 * may start early; others join (any free seat or one held for them), or leave before the start.
 */
export function SeatsPanel({ game, onChanged }: { game: GameDetail; onChanged(game?: GameDetail): void }) {
  const session = useSession();
  const { route } = useLocation();
  const path = { params: { path: { id: game.id } } };
  const join = useMutation(async (seat: number) => unwrap(api.POST('/v1/games/{id}/join', { ...path, body: { seat } })) as Promise<GameDetail>);
  const leave = useMutation(async () => unwrap(api.POST('/v1/games/{id}/leave', path)));
  const start = useMutation(async () => unwrap(api.POST('/v1/games/{id}/start', path)) as Promise<GameDetail>);
  const decline = useMutation(async () => unwrap(api.POST('/v1/games/{id}/decline', path)) as Promise<GameDetail>);
  const creator = game.yourSeat === 0;
  const empty = (seat: SeatInfo) => seat.username === null && seat.bot === null;
  // "Start now" only once the game has its fewest players (the rest of the seats are dropped).
  const types = useApi(() => unwrap(api.GET('/v1/game-types')), []);
  const gameType = types.data?.find((type) => type.id === game.type);
  const minimum = gameType?.players.min;
  const filled = game.seats.filter((seat) => !empty(seat)).length;
  const canStart = minimum !== undefined && filled >= minimum;
  return (
    <section class="panel" aria-label={t('pages.seats.title')}>
      <h2>{t('pages.seats.title')}</h2>
      <ul class="plain seats">
        {game.seats.map((seat) => (
          <li key={seat.seat}>
            {seatName(seat)}
            {seat.seat === game.yourSeat ? ` ${t('pages.game.seat.you')}` : ''}
            {session && game.yourSeat === null && empty(seat) && (!seat.reservedFor || seat.reservedFor.toLowerCase() === session.user.username.toLowerCase()) && (
              <>
                {' '}
                <Button variant="primary" busy={join.running} onClick={async () => onChanged(await join.run(seat.seat))}>
                  {t('pages.seats.join', { player: playerLabel(seat.seat, tr) })}
                </Button>
                {seat.reservedFor && (
                  <>
                    {' '}
                    <Button busy={decline.running} onClick={async () => onChanged(await decline.run())}>
                      {t('pages.seats.decline')}
                    </Button>
                  </>
                )}
              </>
            )}
            {empty(seat) && !seat.reservedFor && seat.declinedBy && <span class="muted"> {t('pages.seats.declined', { name: seat.declinedBy })}</span>}
            {creator && seat.seat !== 0 && empty(seat) && <SeatControl gameId={game.id} seat={seat} botLevels={gameType?.botLevels ?? []} onChanged={onChanged} />}
          </li>
        ))}
      </ul>
      {!session && (
        <p>
          <LinkedSentence message={(link) => t('pages.seats.login', { link })} href={`/login?next=${encodeURIComponent(`/games/${game.id}`)}`}>
            {t('pages.seats.loginLink')}
          </LinkedSentence>
        </p>
      )}
      <ClientSeedForm game={game} onChanged={onChanged} />
      <div class="row">
        {creator && canStart && (
          <Button variant="primary" busy={start.running} onClick={async () => onChanged(await start.run())}>
            {t('pages.seats.start')}
          </Button>
        )}
        {creator && !canStart && minimum !== undefined && (
          <span class="muted">
            {t('pages.seats.minimum', { minimum, filled })}
          </span>
        )}
        {game.yourSeat !== null && (
          <Button
            busy={leave.running}
            onClick={async () => {
              const left = (await leave.run()) as GameDetail | undefined;
              // The last person out closes the game: back to the lobby rather than an empty page.
              if (left?.status === 'aborted') route('/');
              else if (left) onChanged();
            }}
          >
            {t('pages.seats.leave')}
          </Button>
        )}
      </div>
      <ErrorBox error={join.error ?? leave.error ?? start.error ?? decline.error} />
    </section>
  );
}
