import type en from '../en/pages.js';

/** German: web pages of web/src/app, web/src/play and web/src/ui. */
export default {
} satisfies Record<keyof typeof en, string>;
