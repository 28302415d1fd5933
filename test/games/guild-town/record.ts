import { chooseBotAction } from '../../../src/engine/bots.js';
import { isRuleError, type LogEntry } from '../../../src/engine/types.js';
import type { RecordedAction } from '../../../src/engine/replay.js';
import type { GuildTownState } from '../../../src/games/guild-town/index.js';
import { game } from './helpers.js';

/** Play a whole game with the greedy bot or the timeout action for every seat. */
export function playBotGame(
  seats: number,
  seed: string,
  bot: 'greedy' | 'timeout',
  onStep: (s: GuildTownState, log: LogEntry[], step: number) => void,
  options = { swap: true },
  rulesVersion?: number,
): { state: GuildTownState; actions: RecordedAction[]; log: LogEntry[] } {
  let state = game.setup({ seats, options, seed, rulesVersion });
  const actions: RecordedAction[] = [];
  const log: LogEntry[] = [];
  for (let step = 0; game.outcome(state) === null; step++) {
    if (step > 20000) throw new Error('no end');
    const seat = game.activeSeats(state)[0];
    const action = bot === 'greedy' ? chooseBotAction(game, 'greedy', state, seat, `${seed}/${step}`) : game.timeoutAction(state, seat);
    const result = game.apply(state, seat, action);
    if (isRuleError(result)) throw new Error(`${bot} chose an illegal action ${JSON.stringify(action)}: ${result.code}`);
    state = result.state;
    actions.push({ seat, action });
    log.push(...result.log);
    onStep(state, log, step);
  }
  return { state, actions, log };
}
