/**
 * Milestone City balance: plays whole games with a bot for every seat and prints, per player count,
 * how often the city wins and how often each ending rule (won, bankrupt, outOfCards) ends the game.
 * The edition's data was tuned with this script (docs/games/milestone-city.md records the figures).
 *
 *   npx tsx scripts/milestone-balance.ts                 # 40 greedy + 40 random games per count
 *   MC_GAMES=200 nice -n 19 npx tsx scripts/milestone-balance.ts
 *
 * Settings (environment):
 *   MC_GAMES       games per player count and bot (default 40)
 *   MC_SEATS       player counts, comma-separated (default 1,2,3,4)
 *   MC_BOTS        bots, comma-separated: greedy, random (default greedy,random)
 *   MC_VERSION     rules version to play (versions.ts: 1 = first edition, 2 = second; default: the newest)
 *   MC_MILESTONES  milestones to win (the `milestones` option, default 4)
 *   MC_SEED        prefix of the game seeds (default balance); game i of a count uses `<prefix>-<seats>-<i>`
 *   MC_PROGRESS    print a progress line to stderr every this many games (default 50; 0 = never)
 */
import { chooseBotAction } from '../src/engine/bots.js';
import { isRuleError } from '../src/engine/types.js';
import { milestoneCityGame as game, type MilestoneCityAction, type MilestoneCityState } from '../src/games/milestone-city/index.js';
import { editionOf } from '../src/games/milestone-city/editions.js';
import type { Result } from '../src/games/milestone-city/state.js';
import { VERSIONS } from '../src/games/milestone-city/versions.js';

const env = process.env;
const games = Number(env.MC_GAMES ?? 40);
const seatCounts = (env.MC_SEATS ?? '1,2,3,4').split(',').map(Number);
const bots = (env.MC_BOTS ?? 'greedy,random').split(',').map((bot) => bot.trim());
const milestones = Number(env.MC_MILESTONES ?? 4);
const seedPrefix = env.MC_SEED ?? 'balance';
const progressEvery = Number(env.MC_PROGRESS ?? 50);
const rulesVersion = Number(env.MC_VERSION ?? game.rulesVersion);
if (!VERSIONS.some((v) => v.version === rulesVersion)) throw new Error(`MC_VERSION: no rules version ${rulesVersion}`);
for (const bot of bots) if (bot !== 'random' && !game.bots?.[bot]) throw new Error(`unknown bot "${bot}"`);
if (!Number.isInteger(games) || games < 1) throw new Error('MC_GAMES must be a positive whole number');

/** A game whose bots still act after this many actions is a bug, not a long game. */
const MAX_ACTIONS = 20_000;

interface Played {
  result: Result;
  milestones: number;
  turns: number;
  score: number;
}

function play(seats: number, bot: string, seed: string): Played {
  let state = game.setup({ seats, options: { milestones }, seed, rulesVersion });
  for (let step = 0; game.outcome(state) === null; step++) {
    if (step >= MAX_ACTIONS) throw new Error(`${seed}: no end after ${MAX_ACTIONS} actions`);
    const seat = game.activeSeats(state)[0]!;
    const actionSeed = `${seed}/${step}`;
    const action = (bot === 'random' ? chooseBotAction(game, 'random', state, seat, actionSeed) : chooseBotAction(game, bot, state, seat, actionSeed)) as MilestoneCityAction;
    const result = game.apply(state, seat, action);
    if (isRuleError(result)) throw new Error(`${seed}: the ${bot} bot chose an illegal action: ${result.code}`);
    state = result.state as MilestoneCityState;
  }
  return { result: state.result!, milestones: state.milestone, turns: state.turns, score: game.outcome(state)!.scores[0]! };
}

const pct = (n: number, of: number): string => `${((100 * n) / of).toFixed(0)}%`.padStart(5);
const started = Date.now();
let done = 0;
const total = games * seatCounts.length * bots.length;
const rows: string[] = [];

console.log(`milestone-city rules version ${rulesVersion} (edition ${editionOf(game.setup({ seats: 1, options: { milestones }, seed: 'x', rulesVersion })).id}), ${games} games per player count and bot, milestones ${milestones}`);
console.log('bot     seats  games   won  bankrupt  outOfCards  milestones(avg)  turns(avg)  score(avg)');
for (const bot of bots) {
  for (const seats of seatCounts) {
    const counts: Record<Result, number> = { won: 0, bankrupt: 0, outOfCards: 0 };
    let milestoneSum = 0;
    let turnSum = 0;
    let scoreSum = 0;
    for (let i = 0; i < games; i++) {
      const played = play(seats, bot, `${seedPrefix}-${seats}-${i}`);
      counts[played.result] += 1;
      milestoneSum += played.milestones;
      turnSum += played.turns;
      scoreSum += played.score;
      done += 1;
      if (progressEvery > 0 && done % progressEvery === 0) {
        process.stderr.write(`  ${done}/${total} games, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
      }
    }
    const row = [
      bot.padEnd(7),
      String(seats).padStart(5),
      String(games).padStart(6),
      pct(counts.won, games),
      pct(counts.bankrupt, games).padStart(9),
      pct(counts.outOfCards, games).padStart(11),
      (milestoneSum / games).toFixed(2).padStart(16),
      (turnSum / games).toFixed(0).padStart(11),
      (scoreSum / games).toFixed(1).padStart(11),
    ].join(' ');
    rows.push(row);
    console.log(row);
  }
}
console.log(`${total} games in ${((Date.now() - started) / 1000).toFixed(1)} s`);
