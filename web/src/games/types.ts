import type { ComponentType } from 'preact';

/** One action as the API sends it: a plain object with a `type` and its parameters. */
export interface GameAction {
  type: string;
  [field: string]: unknown;
}

/**
 * What every board panel receives: the game's `view` exactly as the API returns it for a seat (or
 * the public view for a spectator, `seat` null), the legal actions of that seat now, and `onAction`
 * for the actions naturally clicked on the board itself (a territory, a card on display, a square).
 * Without `onAction` (replays, spectators) the board is read-only.
 */
export interface BoardProps<View> {
  view: View;
  seat: number | null;
  legal?: readonly GameAction[];
  onAction?: (action: GameAction) => void;
}

/** How the play pages show one game type: its board and its actions in words. */
export interface GameUi<View = never> {
  /** The game's name as its box prints it ("Guild town"), and one line on what it is about. */
  title: string;
  tagline: string;
  Board: ComponentType<BoardProps<View>>;
  /** A short sentence for one legal action, used as its button's label ("Buy the station (6) with blue money"). */
  describeAction(action: GameAction, view: View): string;
  /** Heading of the group of buttons of this action type ("Take money"). */
  groupLabel(type: string): string;
  /** The final scoring as a table, from the result's game-specific `details` and its `scores` (one per seat). */
  finalScoring(details: unknown, scores: number[]): ScoreTable | null;
}

/**
 * A finished game's score breakdown: one row per seat (`label` null: the seat's name is shown)
 * or, in a cooperative game, one row for the team; the last column is the final score.
 */
export interface ScoreTable {
  columns: string[];
  rows: { label: string | null; cells: (number | string)[] }[];
}
