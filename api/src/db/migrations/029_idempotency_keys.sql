-- Idempotent writes (issue 44, ADR 044): a mutation sent with an Idempotency-Key runs once; a repeat
-- of the key is answered with the first answer, kept here for a day. The key is claimed by inserting
-- its row (the primary key decides between concurrent repeats); the claim holds a lease that the
-- running request renews, so a key whose instance died is taken over once the lease ends.
CREATE TABLE idempotency_keys (
  key text PRIMARY KEY,
  -- method, path and a hash of the body: the same key with other parameters is refused.
  fingerprint text NOT NULL,
  -- Which claim holds it: a request whose lease ran out cannot write over the one that took it over.
  claim uuid NOT NULL,
  locked_until timestamptz,
  -- The answer, once there is one: status, the headers that matter (Set-Cookie, Location...), body.
  status integer,
  headers jsonb,
  body text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX idempotency_keys_expiry_idx ON idempotency_keys (expires_at);
