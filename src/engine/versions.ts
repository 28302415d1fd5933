import type { AnyGameDefinition, SetupInput } from './types.js';

/**
 * Versioned rules. A game's rules version is fixed when it is created and kept for ever: every
 * version a stored game may use stays served. A new version is not a copied engine but a small
 * *profile* of flags and data the engine reads. Setup records the profile in the state as
 * `state.rules`; the first version of each game records none, and engines read every flag with the
 * old behaviour as its default, so games started before a change keep their states (and hashes)
 * byte for byte. See docs/architecture.md, "Versioned rules".
 */

/** Flags and data one rules version sets. Keep it plain JSON: it is stored in every state. */
export type RulesProfile = Record<string, unknown>;

export interface RulesVersion {
  version: number;
  /** When it was released (YYYY-MM-DD), for the changelog. */
  date: string;
  /** What changed, in words, for players (the catalog and docs/games/<id>.md show it). */
  changes: string;
  /** What setup records in `state.rules`; absent for the versions from before profiles existed. */
  profile?: RulesProfile;
  /** No longer served (only for versions retired before versioned rules existed; never retire a new one). */
  retired?: boolean;
}

/** The changelog of a definition, oldest first. A definition without one serves only `rulesVersion`. */
export function rulesVersionsOf(definition: Pick<AnyGameDefinition, 'rulesVersion' | 'rulesVersions'>): readonly RulesVersion[] {
  return definition.rulesVersions ?? [{ version: definition.rulesVersion, date: '', changes: 'First version.' }];
}

/** Whether games started under `version` are still played, replayed and verified. */
export function servesVersion(definition: Pick<AnyGameDefinition, 'rulesVersion' | 'rulesVersions'>, version: number): boolean {
  return rulesVersionsOf(definition).some((entry) => entry.version === version && !entry.retired);
}

/**
 * The profile setup must record for `input.rulesVersion` (the newest version when absent: new games
 * start under the newest rules). `undefined` means record nothing (a version without a profile).
 * Throws on an unknown version: the service checks it first (definitions.ts), so this is a bug guard.
 */
export function profileFor(versions: readonly RulesVersion[], input: Pick<SetupInput<unknown>, 'rulesVersion'>): RulesProfile | undefined {
  const wanted = input.rulesVersion ?? versions.at(-1)!.version;
  const entry = versions.find((candidate) => candidate.version === wanted);
  if (!entry) throw new Error(`unknown rules version ${wanted}`);
  return entry.profile;
}

/**
 * A definition's `setup` for a versioned game: `setup` builds the state (it gets the version's
 * profile, `{}` for the first version, in case the deal itself depends on it) and the profile is
 * recorded as `state.rules`. Nothing is added for a version without a profile.
 */
export function versionedSetup<State extends object, Options>(
  versions: readonly RulesVersion[],
  setup: (input: SetupInput<Options>, rules: RulesProfile) => State,
): (input: SetupInput<Options>) => State & { rules?: RulesProfile } {
  return (input) => {
    const profile = profileFor(versions, input);
    const state = setup(input, profile ?? {});
    return profile === undefined ? state : { ...state, rules: profile };
  };
}
