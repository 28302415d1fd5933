-- Usernames are unique whatever their case (Alice, ALICE and alice are one name) and shown as
-- registered. citext compares case-insensitively, so the existing unique index, login and
-- invitations by name all ignore case. citext is a trusted extension: a database owner may
-- create it (PostgreSQL 13+).
CREATE EXTENSION IF NOT EXISTS citext;

-- Accounts registered before whose names clash by case: the earliest (created_at, then id) keeps
-- its name; each later one, in that order, gets the first free name of the form <name>_2, <name>_3
-- ... (the name cut to keep 32 characters, still a valid username), free meaning no account has it
-- in any case. Each rename is reported by a NOTICE that the migration runner logs; the owner logs
-- in with the new name (admins can tell them from the log).
DO $$
DECLARE
  clash record;
  candidate text;
  n int;
BEGIN
  FOR clash IN
    SELECT id, username
    FROM (SELECT id, username, created_at, row_number() OVER (PARTITION BY lower(username) ORDER BY created_at, id) AS rank FROM users) ranked
    WHERE rank > 1
    ORDER BY created_at, id
  LOOP
    n := 2;
    LOOP
      candidate := left(clash.username, 32 - length('_' || n)) || '_' || n;
      EXIT WHEN NOT EXISTS (SELECT 1 FROM users WHERE lower(username) = lower(candidate));
      n := n + 1;
    END LOOP;
    UPDATE users SET username = candidate WHERE id = clash.id;
    RAISE NOTICE 'username "%" of user % clashes by case with an earlier account: renamed to "%"', clash.username, clash.id, candidate;
  END LOOP;
END $$;

ALTER TABLE "users" ALTER COLUMN "username" TYPE citext;
