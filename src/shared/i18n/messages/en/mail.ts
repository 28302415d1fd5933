/** English: notification mails and pushes. */
export default {
} as const;
