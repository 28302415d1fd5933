/** English: web pages of web/src/app, web/src/play and web/src/ui. */
export default {
} as const;
