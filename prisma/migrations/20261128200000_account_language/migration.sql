-- The account's language ('en', 'de' or 'pseudo'; src/shared/i18n/locales.ts), optional: mails,
-- pushes and the web pages use it; unset, the browser's Accept-Language decides (mails: English).
ALTER TABLE "users" ADD COLUMN "language" TEXT;
