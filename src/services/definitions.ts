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
    optionsSchema: JSON.parse(JSON.stringify(definition.optionsSchema)) as unknown,
    actionSchema: JSON.parse(JSON.stringify(definition.actionSchema)) as unknown,
    // `random` is the kernel's, for every game (services/bots.ts); the rest are the game's own.
    bots: ['random', ...Object.keys(definition.bots ?? {}).filter((name) => name !== 'random')],
  }));
}
