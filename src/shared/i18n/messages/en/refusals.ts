/** English: one sentence per refusal code (src/http/problem-codes.ts). */
export default {
} as const;
