import type en from '../en/mail.js';

/** German: notification mails and pushes. */
export default {
} satisfies Record<keyof typeof en, string>;
