-- A customer who deletes their account (issue 39, GDPR art. 17): the row stays, for the orders kept
-- for tax, with its personal data gone and the time it was erased. Their email is free again.
ALTER TABLE users ADD COLUMN erased_at timestamptz;
-- An account holder has a password until they are erased.
ALTER TABLE users DROP CONSTRAINT users_check;
ALTER TABLE users ADD CONSTRAINT users_password_check CHECK (user_type = 'guest' OR password_hash IS NOT NULL OR erased_at IS NOT NULL);
