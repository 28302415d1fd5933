import type { AnyGameDefinition } from '../engine/types.js';
import { rulesVersionsOf, servesVersion } from '../engine/versions.js';
import { conflict } from '../errors.js';
import type { GameRecord } from '../store/games.js';
import type { ServiceContext } from './context.js';

/**
 * The rules a stored game is played and replayed under. One definition serves every rules version
 * of its game (the version's profile travels in the state, see engine/versions.ts); a version it
 * does not serve (unknown, or retired before versions existed) is refused loudly: replaying it
 * under other rules could silently change its history.
 */
export function definitionFor(ctx: ServiceContext, game: Pick<GameRecord, 'id' | 'type' | 'rulesVersion'>): AnyGameDefinition {
  const definition = ctx.catalog[game.type];
  if (!definition) {
    ctx.log.error(`game ${game.id}: type "${game.type}" is not served by this build`);
    throw conflict('GAME_TYPE_UNAVAILABLE', `Games of type "${game.type}" are not served by this server.`);
  }
  if (!servesVersion(definition, game.rulesVersion)) {
    ctx.log.error(`game ${game.id}: recorded rulesVersion ${game.rulesVersion}, served ${definition.rulesVersion}; refusing to replay`);
    throw conflict(
      'RULES_VERSION_UNSUPPORTED',
      `This game was started under rules version ${game.rulesVersion} of "${game.type}", which this server does not run (its newest is version ${definition.rulesVersion}).`,
      { recorded: game.rulesVersion, served: definition.rulesVersion },
    );
  }
  return definition;
}

export function gameTypes(ctx: ServiceContext) {
  return Object.values(ctx.catalog).map((definition) => ({
    id: definition.id,
    title: definition.title,
    rulesVersion: definition.rulesVersion,
    rulesVersions: rulesVersionsOf(definition).map(({ version, date, changes, retired }) => ({ version, date, changes, served: !retired })),
    players: definition.players,
    botLevels: botsOf(definition),
    optionsSchema: JSON.parse(JSON.stringify(definition.optionsSchema)) as unknown,
    actionSchema: JSON.parse(JSON.stringify(definition.actionSchema)) as unknown,
    // `random` is the kernel's, for every game (services/bots.ts); the rest are the game's own.
    bots: ['random', ...Object.keys(definition.bots ?? {}).filter((name) => name !== 'random')],
  }));
}

/** What each bot name offers a player filling a seat: its level and how it plays. */
const BOT_LEVELS: Record<string, { level: string; description: string }> = {
  random: { level: 'random', description: 'Any legal move, at random.' },
  greedy: { level: 'easy', description: "Greedy: the move the game's rules of thumb like best now." },
  medium: { level: 'medium', description: "Searches a fifth of the hard bot's budget." },
  hard: { level: 'hard', description: 'Searches its whole budget (BOT_THINK_MS): deals what its seat cannot see at random many times and plays the moves on.' },
};

/** The bots a game offers, weakest first (`random`, then the game's own); every one sees only its seat's view. */
export function botsOf(definition: AnyGameDefinition): { name: string; level: string; description: string }[] {
  return ['random', ...Object.keys(definition.bots ?? {})].map((name) => ({ name, ...(BOT_LEVELS[name] ?? { level: name, description: 'A bot of this game.' }) }));
}
