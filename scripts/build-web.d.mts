/** Types of scripts/build-web.mjs (a plain .mjs so npm's postinstall runs it without tsx). */
export function webBuildIsStale(): boolean;
export function buildWebIfStale(options?: { force?: boolean; say?: (line: string) => void }): Promise<'no web sources' | 'no vite' | 'up to date' | 'built'>;
