-- Account care (issue 35): password reset by mail, password change, "log out everywhere", deletion.
-- `token_generation` is stamped into every login token (`gen`); raising it ends every login token
-- issued before, in every process at once (auth/disabled-accounts.ts hears it by NOTIFY).
ALTER TABLE "users" ADD COLUMN "token_generation" INTEGER NOT NULL DEFAULT 0;
-- A deleted account stays as a tombstone row (finished games keep their seat); its personal data is gone.
ALTER TABLE "users" ADD COLUMN "deleted_at" TIMESTAMPTZ(3);

-- Password reset links: only a hash of the link's token is stored; one use, short life.
CREATE TABLE "password_resets" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "password_resets_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "password_resets_token_hash_key" ON "password_resets"("token_hash");
CREATE INDEX "password_resets_user_id_created_at_idx" ON "password_resets"("user_id", "created_at");
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Names of deleted accounts: never registered again (as lichess does), whatever the case.
CREATE TABLE "retired_usernames" (
    "username" CITEXT NOT NULL,
    "retired_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "retired_usernames_pkey" PRIMARY KEY ("username")
);

-- A password reset asked by address finds the verified account without reading every row.
CREATE INDEX "users_email_lower_idx" ON "users" (lower("email")) WHERE "email_verified_at" IS NOT NULL;
