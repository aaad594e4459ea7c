-- Consents (issue 39, GDPR art. 7): what a customer agreed to, under which version of the policy, when,
-- and when they withdrew it. One row per giving; withdrawing sets withdrawn_at. Erased with the customer.
CREATE TABLE consents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('cookies', 'marketing', 'terms')),
  policy_version text NOT NULL,
  given_at timestamptz NOT NULL,
  withdrawn_at timestamptz
);
-- At most one consent of a kind in force per customer: giving it twice at once records it once.
CREATE UNIQUE INDEX consents_in_force_idx ON consents (user_id, kind) WHERE withdrawn_at IS NULL;
