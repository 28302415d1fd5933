import { useLocation } from 'preact-iso';
import { useState } from 'preact/hooks';
import { api, unwrap } from '../api/client';
import { useApi, useMutation } from '../api/hooks';
import { Button } from '../ui/Button';
import { DurationField, ErrorBox, Field, SelectField } from '../ui/forms';
import { BotLevelField, defaultBot } from './BotLevelField';
import { randomSeed } from './ClientSeedForm';
import { playerLabel } from '../games/names';
import { gameTitle } from '../games';
import { t, tr } from '../i18n';
import { createArrangedGame, SEAT_FILLS, type SeatFill, type TimeControl } from './game-api';

interface OptionSchema {
  type?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  description?: string;
}

/** The options form is read from the game type's `optionsSchema` (booleans and integers today). */
function OptionFields({ type, schema, values, onChange }: { type: string; schema: Record<string, unknown>; values: Record<string, unknown>; onChange(values: Record<string, unknown>): void }) {
  const properties = (schema.properties ?? {}) as Record<string, OptionSchema>;
  return (
    <>
      {Object.entries(properties).map(([name, option]) => {
        // The catalog's words for the option (`<type>.option.<name>`), else the API's description.
        const key = `${type}.option.${name}`;
        const label = tr.has(key) ? tr.t(key) : (option.description ?? name);
        if (option.type === 'boolean')
          return (
            <div class="field check" key={name}>
              <label>
                <input type="checkbox" checked={Boolean(values[name])} onChange={(event) => onChange({ ...values, [name]: event.currentTarget.checked })} /> {label}
              </label>
            </div>
          );
        return (
          <Field
            key={name}
            label={label}
            type="number"
            min={option.minimum}
            max={option.maximum}
            value={String(values[name] ?? '')}
            onInput={(event) => onChange({ ...values, [name]: Number(event.currentTarget.value) })}
          />
        );
      })}
    </>
  );
}

const defaults = (schema: Record<string, unknown>) =>
  Object.fromEntries(Object.entries((schema.properties ?? {}) as Record<string, OptionSchema>).filter(([, o]) => o.default !== undefined).map(([name, o]) => [name, o.default]));

/**
 * Create a game: its type and options (from /v1/game-types), the number of seats and who fills
 * each other seat (open, a bot, or reserved for a named player), privacy and time control.
 * You take seat 0; the game starts by itself once every seat is filled.
 */
export function CreateGamePage() {
  const { route } = useLocation();
  const types = useApi(() => unwrap(api.GET('/v1/game-types')), []);
  // Until the player picks a game, the first listed is chosen (derived, not set by an effect: an effect
  // that ran after a quick pick would put the first game back over it).
  const [picked, setType] = useState('');
  const type = picked || types.data?.[0]?.id || '';
  const [seats, setSeats] = useState(2);
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [fills, setFills] = useState<SeatFill[]>([]);
  const [isPrivate, setPrivate] = useState(false);
  const [clock, setClock] = useState<TimeControl['kind']>('none');
  const [moveSeconds, setMoveSeconds] = useState(86400);
  const [initialSeconds, setInitialSeconds] = useState(3600);
  const [incrementSeconds, setIncrementSeconds] = useState(60);
  const chosen = types.data?.find((t) => t.id === type);

  // The options are derived from the chosen game too: the player's entries over the game's defaults.
  // Choosing another game clears the entries and brings the seat count within its range (the field's
  // min and max stop a form with a count out of range from being sent).
  const chosenOptions = chosen ? { ...defaults(chosen.optionsSchema), ...options } : {};
  const chooseGame = (id: string) => {
    setType(id);
    setOptions({});
    const players = types.data?.find((t) => t.id === id)?.players;
    if (players) setSeats((n) => Math.min(Math.max(n, players.min), players.max));
  };

  const fillOf = (seat: number): SeatFill => fills[seat] ?? { fill: 'open' };
  const setFill = (seat: number, fill: SeatFill) => setFills((old) => Object.assign([...old], { [seat]: fill }));

  const create = useMutation(async () => {
    const timeControl: TimeControl =
      clock === 'per-move' ? { kind: 'per-move', moveSeconds } : clock === 'budget' ? { kind: 'budget', initialSeconds, incrementSeconds } : { kind: 'none' };
    // The creator's seed goes with the creation: a 1-seat game starts at once and has no later chance.
    const game = await createArrangedGame({ type, seats, options: chosenOptions, private: isPrivate, timeControl, clientSeed: randomSeed() }, Array.from({ length: seats }, (_, seat) => fillOf(seat)));
    route(`/games/${game.id}`);
    return game;
  });

  if (types.error) return <ErrorBox error={types.error} />;
  if (!types.data) return <p aria-busy="true">{t('pages.loading')}</p>;
  return (
    <section class="narrow">
      <h1>{t('pages.create.title')}</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void create.run();
        }}
      >
        <SelectField label={t('pages.create.game')} value={type} onChange={(event) => chooseGame(event.currentTarget.value)} options={types.data.map((entry) => ({ value: entry.id, label: t('pages.create.gameOption', { title: tr.has(`${entry.id}.title`) ? gameTitle(entry.id) : entry.title, min: entry.players.min, max: entry.players.max }) }))} />
        {chosen && (
          <>
            <Field label={t('pages.create.seats')} type="number" min={chosen.players.min} max={chosen.players.max} value={String(seats)} onInput={(event) => setSeats(Number(event.currentTarget.value))} />
            <OptionFields type={chosen.id} schema={chosen.optionsSchema} values={chosenOptions} onChange={setOptions} />
          </>
        )}
        <fieldset>
          <legend>{t('pages.create.otherSeats')}</legend>
          <p class="muted">{t('pages.create.youAre', { player: playerLabel(0, tr) })}</p>
          {Array.from({ length: Math.max(0, seats - 1) }, (_, i) => i + 1).map((seat) => {
            const fill = fillOf(seat);
            return (
              <div key={seat} class="row">
                <SelectField
                  label={playerLabel(seat, tr)}
                  value={fill.fill}
                  onChange={(event) => {
                    const kind = event.currentTarget.value;
                    setFill(seat, kind === 'reserved' ? { fill: 'reserved', username: '' } : kind === 'bot' ? { fill: 'bot', bot: defaultBot(chosen?.botLevels ?? []) } : { fill: 'open' });
                  }}
                  options={SEAT_FILLS}
                />
                {fill.fill === 'bot' && chosen && <BotLevelField seat={seat} levels={chosen.botLevels} value={fill.bot} onChange={(bot) => setFill(seat, { fill: 'bot', bot })} />}
                {fill.fill === 'reserved' && (
                  <Field label={t('pages.seat.usernameFor', { player: playerLabel(seat, tr) })} required value={fill.username} onInput={(event) => setFill(seat, { fill: 'reserved', username: event.currentTarget.value })} />
                )}
              </div>
            );
          })}
        </fieldset>
        <fieldset>
          <legend>{t('pages.create.timeControl')}</legend>
          <SelectField
            label={t('pages.create.clock')}
            value={clock}
            onChange={(event) => setClock(event.currentTarget.value as TimeControl['kind'])}
            options={[
              { value: 'none', label: t('pages.create.clock.none') },
              { value: 'per-move', label: t('pages.create.clock.perMove') },
              { value: 'budget', label: t('pages.create.clock.budget') },
            ]}
          />
          {clock === 'per-move' && <DurationField label={t('pages.create.clock.perMove')} min={1} seconds={moveSeconds} onChange={setMoveSeconds} />}
          {clock === 'budget' && (
            <>
              <DurationField label={t('pages.create.clock.initial')} min={1} seconds={initialSeconds} onChange={setInitialSeconds} />
              <DurationField label={t('pages.create.clock.increment')} min={0} seconds={incrementSeconds} onChange={setIncrementSeconds} />
            </>
          )}
        </fieldset>
        <div class="field check">
          <label>
            <input type="checkbox" checked={isPrivate} onChange={(event) => setPrivate(event.currentTarget.checked)} /> {t('pages.create.private')}
          </label>
        </div>
        <ErrorBox error={create.error} />
        <Button type="submit" variant="primary" busy={create.running}>
          {t('pages.create.submit')}
        </Button>
      </form>
    </section>
  );
}
