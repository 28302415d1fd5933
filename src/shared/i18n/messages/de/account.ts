import type en from '../en/account.js';

/** German: web pages of web/src/settings and web/src/admin. */
export default {
} satisfies Record<keyof typeof en, string>;
