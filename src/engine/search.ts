import type { BotInput } from './bots.js';
import { canonicalJson } from './canonical.js';
import { openRng, seedRng, type Rng } from './rng.js';
import { isRuleError, type ApplyResult, type GameDefinition, type RuleError, type Seat } from './types.js';

/**
 * A search bot for games of hidden information: determinized flat Monte Carlo with UCB1 at the root
 * (the "perfect information Monte Carlo" family, the root-only case of information-set MCTS). Each
 * iteration deals one full state consistent with the seat's view (the game's `determinize`: hidden
 * cards drawn at random from what the seat cannot see), picks a root action by UCB1, plays on with
 * the game's own rules and a fast rollout policy for a bounded number of plies, and scores the
 * position for the seat. The action visited most is played. A tree below the root was not worth its
 * cost here: with a few hundred iterations per move in these long euro games the tree's deeper
 * nodes see a handful of visits each, and every determinization would need its own legal moves.
 *
 * Deterministic: the same input and the same iteration count give the same action (the RNG is
 * seeded from `input.seed`); the bots never cap the time (search-bot.ts calibrates the count).
 */
export interface SearchProfile<State, Action> {
  /** Each seat's standing (points, or the team's score) in any state: the rollout's evaluation. */
  standing(state: State): number[];
  /** A lead of this many points counts as a clear advantage (the logistic's scale). */
  scale: number;
  /**
   * Plies a rollout plays on after the root action from this dealt state (every seat's moves count).
   * A function of the state where the player count matters: with more players a fixed count covers
   * fewer of each seat's turns (construction yard).
   */
  depth(state: State): number;
  /**
   * The rollouts' chance of a uniform move for this game, instead of the level's (`SearchSettings.explore`).
   * Milestone City: 0, as a uniform move there throws away what the planner keeps (see its search.ts).
   */
  rolloutExplore?: number;
  /** Cooperative game: the reward is the team's standing against its standing at the root, not a lead over the others. */
  cooperative?: boolean;
  /** The move a rollout plays for `seat` among `legal` (fast and state based; default: uniform). */
  rolloutMove?(state: State, seat: Seat, legal: Action[], rng: Rng): Action;
  /**
   * The heuristic's own choice at the root (e.g. the greedy bot's), asked of a dealt state: it is
   * never halved away, and another action replaces it only when it scores `margin` more.
   */
  preferred?(state: State, seat: Seat, legal: Action[], rng: Rng): Action;
  /**
   * Actions that back out of a step of the seat's own turn (a cancel while paying or placing): never
   * searched, unless the heuristic itself picks one or nothing else is legal. Searched like the others,
   * a cancel that noise scored above going on sent the bot round a circle for ever (construction yard:
   * buy, pay, cancel, buy… — the search decides each step afresh, and the state comes back).
   */
  retreat?(action: Action): boolean;
  /** How much better (in reward, 0–1) an action must score to replace the preferred one (default 0.03). */
  margin?: number;
  /**
   * And only when its paired lead (the same deals and rollout draws) is this many standard errors
   * above zero (default 0: the margin alone). The best of several noisy means is biased upwards, and
   * where the heuristic is good a move chosen by noise plays worse than the heuristic's.
   */
  significance?: number;
  /**
   * The actions worth searching among `legal`, asked of a dealt state (default: all). A few hundred
   * iterations split over twenty candidates leave each a handful: noise picks the move. Pruning the
   * moves the heuristic rates far below its best leaves the search the choices that matter.
   */
  shortlist?(state: State, seat: Seat, legal: Action[], rng: Rng): Action[];
  /**
   * The rules' own apply, without what the kernel adds for the server (the reveal guard that flags
   * take-backs: a tenth of a rollout's time): the search needs only the next state. Default: the definition's.
   */
  apply?(state: State, seat: Seat, action: Action): ApplyResult<State> | RuleError;
}

export interface SearchSettings {
  /** Iterations (deal, root action, rollout): this count decides the move. */
  iterations: number;
  /** Scripts only: a cap on thinking time (a search cut short is flagged `truncated` and depends on the clock). Bots set none. */
  maxMs?: number;
  /** Rollout policy: chance of a uniform move instead of `rolloutMove` (0 = always the profile's). */
  explore: number;
}

export interface SearchResult<Action> {
  action: Action;
  /** Iterations run: the settings' count, or one per candidate and round when there are more candidates than that. */
  iterations: number;
  /** Actions searched: the legal ones, or the profile's shortlist of them (0 or 1: no search ran). */
  candidates: number;
  ms: number;
  truncated: boolean;
}

const DEFAULT_MARGIN = 0.03;

const logistic = (x: number): number => 1 / (1 + Math.exp(-x));

/** The seat's reward in [0, 1]: 1 for a won game, else the logistic of its lead (its standing when cooperative). */
function reward<State, View, Action>(definition: GameDefinition<State, Action, View>, profile: SearchProfile<State, Action>, state: State, seat: Seat, baseline: number): number {
  const outcome = definition.outcome(state);
  if (outcome && !profile.cooperative) return outcome.winners.includes(seat) ? 1 / outcome.winners.length : 0;
  const standing = outcome && profile.cooperative ? outcome.scores : profile.standing(state);
  const mine = standing[seat] ?? 0;
  if (profile.cooperative) return logistic((mine - baseline) / profile.scale);
  let best = -Infinity;
  standing.forEach((value, other) => {
    if (other !== seat && value > best) best = value;
  });
  return logistic((mine - best) / profile.scale);
}

/** Plays on from `state` for up to `depth` plies with the rollout policy. */
function rollout<State, View, Action>(definition: GameDefinition<State, Action, View>, profile: SearchProfile<State, Action>, start: State, rng: Rng, explore: number): State {
  let state = start;
  const depth = profile.depth(start);
  for (let ply = 0; ply < depth; ply++) {
    const active = definition.activeSeats(state);
    if (active.length === 0) break;
    const mover = active[0]!;
    const legal = definition.legalActions(state, mover);
    if (legal.length === 0) break;
    const action = profile.rolloutMove && rng.int(0, 999) >= explore * 1000 ? profile.rolloutMove(state, mover, legal, rng) : rng.pick(legal);
    const applied = profile.apply ? profile.apply(state, mover, action) : definition.apply(state, mover, action);
    if (isRuleError(applied)) break;
    state = applied.state;
  }
  return state;
}

/** `a` beats `b` on the deals both met by `margin` or more on average, by `significance` standard errors. */
function clearlyBetter(a: readonly number[], b: readonly number[], margin: number, significance: number): boolean {
  let n = 0;
  let sum = 0;
  let squares = 0;
  a.forEach((value, deal) => {
    const other = b[deal];
    if (other === undefined) return;
    const difference = value - other;
    n++;
    sum += difference;
    squares += difference * difference;
  });
  if (n === 0) return false;
  const mean = sum / n;
  if (n === 1) return significance === 0 && mean >= margin;
  const variance = Math.max(0, (squares - n * mean * mean) / (n - 1));
  return mean >= margin && mean > significance * Math.sqrt(variance / n);
}

/**
 * Called once per iteration by every search in this thread: where a host paces its searches (the
 * service's bot threads sleep while the service is busy, services/bot-worker.ts). It may only wait:
 * the iteration count, never the clock, decides the move.
 */
let pacer: (() => void) | null = null;
export function setSearchPacer(pace: (() => void) | null): void {
  pacer = pace;
}

export function searchMove<State, View, Action>(
  definition: GameDefinition<State, Action, View>,
  profile: SearchProfile<State, Action>,
  input: BotInput<View, Action>,
  settings: SearchSettings,
  clock: () => number = () => performance.now(),
): SearchResult<Action> {
  const started = clock();
  const { legal, seat } = input;
  if (legal.length === 0) throw new Error(`${definition.id}: seat ${seat} has no legal action to choose from`);
  if (legal.length === 1 || !definition.determinize) return { action: legal[0]!, iterations: 0, candidates: legal.length, ms: clock() - started, truncated: false };
  const determinize = definition.determinize.bind(definition);
  const rng = openRng(seedRng(`${input.seed}/search`));
  const visits = legal.map(() => 0);
  const totals = legal.map(() => 0);
  const mean = (i: number) => (visits[i] === 0 ? 0 : totals[i]! / visits[i]!);
  let done = 0;
  let deals = 0;
  let truncated = false;
  let baseline: number | null = null;
  let candidates = legal.map((_, i) => i);
  let preferred = -1;
  if (profile.preferred || profile.shortlist) {
    const dealt = determinize(input.view, seat, openRng(seedRng(`${input.seed}/preferred`)), input.rules);
    const indexOf = (action: Action) => {
      const key = canonicalJson(action);
      return legal.findIndex((other) => canonicalJson(other) === key);
    };
    if (profile.preferred) preferred = indexOf(profile.preferred(dealt, seat, legal, rng));
    if (profile.shortlist) {
      const kept = new Set(profile.shortlist(dealt, seat, legal, rng).map(indexOf).filter((i) => i >= 0));
      if (preferred >= 0) kept.add(preferred);
      if (kept.size > 0) candidates = candidates.filter((i) => kept.has(i));
    }
  }
  if (profile.retreat) {
    const onward = candidates.filter((i) => i === preferred || !profile.retreat!(legal[i]!));
    if (onward.length > 0) candidates = onward;
  }
  // One candidate left by the shortlist or the retreats: nothing to search.
  if (candidates.length === 1) return { action: legal[candidates[0]!]!, iterations: 0, candidates: 1, ms: clock() - started, truncated: false };
  // Rewards per candidate and deal (deals are numbered): the paired comparison with the preferred action.
  const rewards = legal.map((): number[] => []);
  const explore = profile.rolloutExplore ?? settings.explore;
  const searched = candidates.length;
  const rounds = Math.max(1, Math.ceil(Math.log2(candidates.length)));
  for (let round = 0; round < rounds && candidates.length > 1 && !truncated; round++) {
    // The last round takes what is left, rounded up: at least the settings' count in all.
    const share = (settings.iterations - done) / (candidates.length * (rounds - round));
    const perCandidate = Math.max(1, round === rounds - 1 ? Math.ceil(share) : Math.floor(share));
    for (let k = 0; k < perCandidate; k++) {
      if (settings.maxMs !== undefined && clock() - started > settings.maxMs) {
        truncated = true;
        break;
      }
      pacer?.();
      // Common random numbers: every candidate meets the same deal and the same rollout draws.
      const dealSeed = `${rng.int(0, 0x7fffffff)}`;
      const deal = deals++;
      // One deal for all candidates (apply never changes its input), each rollout from the same draws.
      const dealing = openRng(seedRng(dealSeed));
      const dealt = determinize(input.view, seat, dealing, input.rules);
      const draws = dealing.state();
      baseline ??= profile.cooperative ? (profile.standing(dealt)[seat] ?? 0) : 0;
      for (const i of candidates) {
        const local = openRng(draws);
        const applied = profile.apply ? profile.apply(dealt, seat, legal[i]!) : definition.apply(dealt, seat, legal[i]!);
        visits[i]!++;
        done++;
        // An action the dealt state refuses scores 0 (legal actions depend on the seat's own information, so this is rare).
        const value = isRuleError(applied) ? 0 : reward(definition, profile, rollout(definition, profile, applied.state, local, explore), seat, baseline);
        totals[i]! += value;
        rewards[i]![deal] = value;
      }
    }
    // Keep the better half (ties: the earlier listed), and the preferred action.
    const kept = candidates.slice().sort((a, b) => mean(b) - mean(a) || a - b).slice(0, Math.ceil(candidates.length / 2));
    candidates = preferred >= 0 && !kept.includes(preferred) ? [...kept, preferred] : kept;
  }
  let best = candidates.slice().sort((a, b) => mean(b) - mean(a) || a - b)[0]!;
  if (preferred >= 0 && best !== preferred && !clearlyBetter(rewards[best]!, rewards[preferred]!, profile.margin ?? DEFAULT_MARGIN, profile.significance ?? 0)) best = preferred;
  return { action: legal[best]!, iterations: done, candidates: searched, ms: clock() - started, truncated };
}
