import { gameUis } from './index';
import { logLine } from './log-words';
import type { GameAction } from './types';
import { playerLabel } from '../../../src/shared/game-names';
import { t, tr } from '../i18n';

export { logLine } from './log-words';
export { tidy } from '../../../src/shared/game-names';

/**
 * What an event shows when the viewer may read none of its log lines. Every engine step logs a line
 * everyone may read (test/games/log-lines.test.ts), so only events the engines did not log (events
 * before the kernel's own kinds had lines, and game steps stored before 2026-11-28, such as Milestone
 * City's card steps) come here.
 */
export interface EventLike {
  seat: number | null;
  kind: string;
  action?: unknown;
  log: readonly { message: string; data?: unknown }[];
}

/** An event's lines in words; an event without lines says who did what as far as the viewer may know. */
export function eventLines(type: string, event: EventLike, names: readonly string[], view?: unknown): string[] {
  if (event.log.length) return event.log.map((entry) => logLine(type, entry, names));
  // `who` is a player's name, or "game" for the game's own steps (the messages select on it).
  const who = event.seat === null ? 'game' : (names[event.seat] ?? playerLabel(event.seat, tr));
  const by = { who: event.seat === null ? 'game' : 'player', name: who };
  switch (event.kind) {
    case 'timeout':
      return [t('pages.event.timeout', by)];
    case 'resign':
      return [t('pages.event.resign', by)];
    case 'rules':
      return [t('pages.event.rules')];
    case 'replace':
      return [t('pages.event.replace', by)];
    case 'abort':
      return [t('pages.event.abort')];
    case 'undo':
      return [t('pages.event.undo', by)];
  }
  const action = event.action as GameAction | null | undefined;
  const said = action ? actionWords(type, action, view) : null;
  if (said) return [t('pages.event.action', { ...by, action: said })];
  return [t('pages.event.step', by)];
}

/** An engine prompt without the action names it quotes for API clients: "Hire a character (hire)." → "Hire a character." */
export function withoutActionNames(text: string): string {
  return text.replace(/ \([a-z][A-Za-z]*\)/g, '');
}

/**
 * An action in the words of its game's buttons, or null when the game has no words for it here (an
 * action worded without the view it was made in may not find its card).
 */
export function actionWords(type: string, action: GameAction, view?: unknown): string | null {
  const ui = gameUis[type];
  if (!ui) return null;
  try {
    return ui.describeAction(action, view as never);
  } catch {
    return null;
  }
}
