-- A stream ticket stands for the credential that asked for it: the stream it opens ends when that
-- API token is revoked (api_token_id) or that login token expires (credential_expires_at), as a
-- stream opened with the credential itself does (services/stream-access.ts). A ticket lives 60 s,
-- so no foreign key: a ticket of a token deleted meanwhile opens a stream that ends at once.
ALTER TABLE "stream_tickets" ADD COLUMN "api_token_id" UUID;
ALTER TABLE "stream_tickets" ADD COLUMN "credential_expires_at" TIMESTAMPTZ(3);
