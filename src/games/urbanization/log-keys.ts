import type { LogKeySpec } from '../../shared/i18n/log.js';

/**
 * Every log key this game's engine writes (all rules versions), with what each argument is
 * (src/shared/i18n/log.ts). The catalog has `urbanization.log.<key>` for each, in every language; the API's
 * types for this game's log entries are made from this table.
 */
export const logKeys = {
} as const satisfies LogKeySpec;
