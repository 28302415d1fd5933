import type { RulesVersion } from '../../engine/versions.js';

/**
 * Every rules version of this game, oldest first; new games start under the last. A rules change
 * is a new entry whose `profile` holds the flags/data the engine reads (with the old behaviour as
 * the default), never an edit of an old entry. See docs/architecture.md, "Versioned rules".
 */
export const VERSIONS: readonly RulesVersion[] = [
  { version: 1, date: '2026-11-21', changes: 'First version.' },
  {
    version: 2, date: '2026-11-23',
    changes: "Starting capital is dealt face up, as the rulebook says: every seat's starting cards are shown to all in the view and the first log entry; hands are secret after that.",
    profile: { publishStartingCapital: true },
  },
  {
    version: 3, date: '2026-11-26',
    changes: 'Take-backs: besides every turn end (which draws), any move after which a card hidden from its mover has left its hidden place can no longer be taken back (a safety net: no such move exists in the rules as they stand).',
    profile: { publishStartingCapital: true, revealsIrreversible: true },
  },
];

export const CURRENT_VERSION = VERSIONS.at(-1)!.version;
