/**
 * `npx tsx scripts/engine-trace.ts [record <file> | check <file>]`: a fingerprint of everything the
 * engines do, to prove that a speed-up changed no behaviour. For every served game, every served
 * rules version, every player count and a few options, it plays seeded random games (and a game of
 * each named bot) and hashes, at every step: the state after the move (canonical JSON), its log (the
 * entries' words for other languages, `key` and `args`, left out) and
 * `irreversible` flag, `activeSeats`, `legalActions` of every seat (order included: the random bot
 * picks by index), the view of every seat and of a spectator, the outcome, and the answer (state or
 * refusal code and message) to a sample of actions that were legal somewhere in the game, applied
 * by the active seat and by another seat. It also checks that no call mutated its input state.
 *
 * Record on the code before the change, check on the code after:
 *   git stash / checkout main → npx tsx scripts/engine-trace.ts record /tmp/trace.json
 *   back on the change        → npx tsx scripts/engine-trace.ts check /tmp/trace.json
 * Settings: TRACE_GAMES (random games per configuration, default 3), TRACE_ONLY (game ids).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { rulesVersionsOf } from '../src/engine/versions.js';
import { games } from '../src/games/index.js';
import { OPTION_VARIANTS, traceGame } from '../test/support/engine-trace.js';

const [mode = 'print', file] = process.argv.slice(2);
const perConfig = Number(process.env.TRACE_GAMES || 3);
const only = process.env.TRACE_ONLY?.split(',');

const digests: Record<string, string> = {};
const t0 = Date.now();
for (const definition of Object.values(games)) {
  if (only && !only.includes(definition.id)) continue;
  const bots = ['random', ...Object.keys(definition.bots ?? {})];
  for (const { version, retired } of rulesVersionsOf(definition)) {
    if (retired) continue;
    for (let seats = definition.players.min; seats <= definition.players.max; seats++) {
      for (const [o, options] of (OPTION_VARIANTS[definition.id] ?? [{}]).entries()) {
        for (let g = 0; g < perConfig; g++) {
          const bot = g === 0 && bots.length > 1 ? bots[1]! : 'random';
          const seed = g % 2 === 0 ? `trace-${seats}-${o}-${g}` : `g2:trace-${seats}-${o}-${g}`;
          const key = `${definition.id} v${version} ${seats}p options#${o} ${bot} ${seed}`;
          digests[key] = traceGame(definition, seats, version, options, seed, bot);
        }
      }
    }
  }
  console.error(`${definition.id} traced (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}

if (mode === 'record') {
  writeFileSync(file!, JSON.stringify(digests, null, 1) + '\n');
  console.log(`recorded ${Object.keys(digests).length} game traces in ${file}`);
} else if (mode === 'check') {
  const recorded = JSON.parse(readFileSync(file!, 'utf8')) as Record<string, string>;
  const keys = Object.keys(digests);
  const differ = keys.filter((key) => recorded[key] !== digests[key]);
  for (const key of differ) console.log(`DIFFERS: ${key}`);
  console.log(`${keys.length - differ.length} of ${keys.length} game traces identical`);
  if (differ.length > 0) process.exitCode = 1;
} else {
  for (const [key, digest] of Object.entries(digests)) console.log(digest.slice(0, 16), key);
}
