-- The transactional outbox (issue 44, ADR 044): order emails are queued as jobs in the transaction of
-- the change they report and sent by the job runner, which may run a job again after a crash. Each
-- message carries the id of its job; the outbox transport keeps one message per id, so a job run
-- twice delivers once (SMTP sends the id as Message-ID).
ALTER TABLE mail_outbox ADD COLUMN message_id text UNIQUE;
