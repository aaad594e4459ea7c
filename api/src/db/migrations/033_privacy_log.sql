-- The privacy log (issue 39): every data export (by the shopper or by staff), every erasure and every
-- retention purge that removed something. Kept apart from the audit log: a shopper's own export is no
-- change to the shop, and the owner must be able to show each request was answered. It names a customer
-- by id only, so it outlives their erasure without keeping who they were.
CREATE TABLE privacy_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('export', 'erasure', 'purge')),
  -- 'shopper' (the customer themselves), a staff member's email, 'cli', or 'schedule' (the purge).
  actor text NOT NULL,
  customer_id uuid,
  -- For a purge: how many rows of each kind went.
  details jsonb
);
CREATE INDEX privacy_log_kind_idx ON privacy_log (kind, id DESC);
