/**
 * Verify a game's public record from this repository's sources (no server, no database):
 *   curl -s http://127.0.0.1:3000/v1/games/<id>/record > record.json
 *   npx tsx scripts/verify-record.ts record.json      (or `-` to read standard input)
 * The same verifier as the `boardgame-rules` package's CLI (`npx boardgame-rules verify record.json`,
 * packages/rules/src/cli.ts), which needs nothing of this repository. Exits 0 when every check passes.
 */
process.argv.splice(2, 0, 'verify');
await import('../packages/rules/src/cli.js');
export {};
