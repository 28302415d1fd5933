/** English: web pages of web/src/settings and web/src/admin. */
export default {
} as const;
