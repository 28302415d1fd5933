import type en from '../en/refusals.js';

/** German: one sentence per refusal code (src/http/problem-codes.ts). */
export default {
} satisfies Record<keyof typeof en, string>;
