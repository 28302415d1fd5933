import type { GameRecord } from './games.js';

/**
 * The newest known record of recently played games, in this process only (a bounded LRU). It only
 * saves the read before a move: a move from a cached record is committed `WHERE revision = <its
 * revision>`, and `revision` moves with every write to the game or its seats (a trigger), so a
 * stale entry costs one failed statement and a reload, never a move on an old state. Refusals made
 * on a cached record are checked again on a fresh one (services/play.ts).
 */
export class GameCache {
  private entries = new Map<string, GameRecord>();

  constructor(private readonly capacity: number) {}

  get(id: string): GameRecord | undefined {
    const game = this.entries.get(id);
    if (game) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(id);
      this.entries.set(id, game);
    }
    return game;
  }

  /** Keeps `game` unless a newer revision of it is already here (two requests may finish out of order). */
  put(game: GameRecord): void {
    if (this.capacity === 0) return;
    const known = this.entries.get(game.id);
    if (known && known.revision > game.revision) return;
    this.entries.delete(game.id);
    this.entries.set(game.id, game);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(id: string): void {
    this.entries.delete(id);
  }
}
