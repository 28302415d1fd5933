/** Words every part of the site uses. English, the source catalog: every other language has these keys. */
export default {
  'player': 'Player {n}',
  'bot': '{level} bot',
  'bot.random': 'Random bot',
  'bot.easy': 'Easy bot',
  'bot.medium': 'Medium bot',
  'bot.hard': 'Hard bot',
  'game.with': '{title} with {players}',
  'duration.days': '{n} d',
  'duration.hours': '{n} h',
  'duration.minutes': '{n} min',
  'duration.seconds': '{n} s',
  'language': 'Language',
} as const;
