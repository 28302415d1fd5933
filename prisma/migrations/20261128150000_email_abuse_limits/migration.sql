-- Abuse limits of PUT /v1/me/email (services/notifications.ts): the times of the account's recent
-- address changes, and the addresses that refused our mail (a permanent SMTP refusal) or
-- unsubscribed with one click: no mail goes to them, verification mails included.
ALTER TABLE "users" ADD COLUMN "email_changes_at" TIMESTAMPTZ(3)[] DEFAULT '{}';
CREATE TABLE "email_suppressions" (
    "address" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "email_suppressions_pkey" PRIMARY KEY ("address")
);

-- Claim, commit, send, record (store/notifications.ts): a claimed row is leased until `claimed_until`
-- (its next_attempt_at moved there too, so a worker killed mid-send leaves it due again after the
-- lease), and no other claim takes the same person's rows of that channel meanwhile.
ALTER TABLE "notifications" ADD COLUMN "claimed_until" TIMESTAMPTZ(3);
