/** The site's languages: catalog, translator, log entries. docs/i18n.md. */
export * from './locales.js';
export { MESSAGES, type MessageKey } from './catalog.js';
export { translator, missingMessages, type Translator, type MessageArgs } from './translator.js';
export { renderLogEntry, renderLogArg, logMessageKey, termMessageKey, type LogArg, type LogArgs, type LogArgKind, type LogKeySpec, type KeyedLogEntry } from './log.js';
export { pseudoMessage, accent } from './pseudo.js';
