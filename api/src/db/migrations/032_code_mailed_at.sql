-- A sign-in code counts toward the 60-second resend wait only once its email has gone out: a code
-- whose request died between storing it and mailing it (an instance killed, the mail server down)
-- no longer makes the shopper wait for an email that never comes.
ALTER TABLE verification_codes ADD COLUMN mailed_at timestamptz;
UPDATE verification_codes SET mailed_at = created_at;
