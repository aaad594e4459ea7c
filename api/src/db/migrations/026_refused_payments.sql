-- A payment that arrived for a checkout which could no longer have what it held (its stock, the
-- buyer's per-customer limit, its code's uses) is given back instead of becoming an order (ADR 043):
-- 'refund_pending' while the provider is asked, 'refunded' once it agreed. The owner sees them in
-- the back office with the reason the shopper was told.
ALTER TABLE checkout_sessions DROP CONSTRAINT checkout_sessions_status_check;
ALTER TABLE checkout_sessions ADD CONSTRAINT checkout_sessions_status_check
  CHECK (status IN ('open', 'completed', 'expired', 'cancelled', 'declined', 'refund_pending', 'refunded'));
ALTER TABLE checkout_sessions ADD COLUMN refusal_reason text;
ALTER TABLE checkout_sessions ADD COLUMN provider_refund_id text;
ALTER TABLE checkout_sessions ADD COLUMN refunded_at timestamptz;
CREATE INDEX checkout_sessions_refused_idx ON checkout_sessions (closed_at DESC) WHERE status IN ('refund_pending', 'refunded');
