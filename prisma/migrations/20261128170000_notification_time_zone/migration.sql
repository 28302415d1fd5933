-- The person's time zone (an IANA name such as "Europe/Paris"), optional: mails give deadlines and
-- link expiries in it (services/notifications.ts); unset, they are given in UTC.
ALTER TABLE "users" ADD COLUMN "time_zone" TEXT;
