import type en from '../en/common.js';

export default {
  'player': 'Spieler {n}',
  'bot': '{level}-Bot',
  'bot.random': 'Zufallsbot',
  'bot.easy': 'Leichter Bot',
  'bot.medium': 'Mittlerer Bot',
  'bot.hard': 'Starker Bot',
  'game.with': '{title} mit {players}',
  'duration.days': '{n} T',
  'duration.hours': '{n} Std',
  'duration.minutes': '{n} Min',
  'duration.seconds': '{n} s',
  'language': 'Sprache',
} satisfies Record<keyof typeof en, string>;
