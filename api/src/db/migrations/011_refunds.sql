-- Cancellations and refunds (docs/decisions/023-refunds.md). An order's status stays its place in
-- fulfilment (Processing, Shipped, Delivered) until it is cancelled or refunded in full (Cancelled,
-- Refunded); a partial refund shows in refunded_total and on its lines.
ALTER TABLE purchases ADD COLUMN refunded_total integer NOT NULL DEFAULT 0;
ALTER TABLE purchases ADD CONSTRAINT purchases_refunded_within_total CHECK (refunded_total >= 0 AND refunded_total <= total);
ALTER TABLE purchase_items ADD COLUMN refunded_quantity integer NOT NULL DEFAULT 0;
ALTER TABLE purchase_items ADD CONSTRAINT purchase_items_refunded_within_quantity CHECK (refunded_quantity >= 0 AND refunded_quantity <= quantity);

-- One refund through the payment provider. Its amount and lines are claimed on the order before the
-- provider is asked (so two refunds can never pass what was paid), and released if the provider refuses.
-- The key the form carries makes a double post one refund.
CREATE TABLE refunds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  purchase_id uuid NOT NULL REFERENCES purchases (id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('refund', 'cancellation')),
  amount integer NOT NULL CHECK (amount > 0),
  -- [{item_id, sku, name, quantity, amount}]
  lines jsonb NOT NULL DEFAULT '[]',
  restock boolean NOT NULL DEFAULT false,
  reason text NOT NULL DEFAULT '',
  provider text NOT NULL,
  provider_refund_id text,
  status text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  failure text,
  -- The staff member's email, or 'cli'.
  actor text NOT NULL,
  created_at timestamptz NOT NULL,
  completed_at timestamptz,
  UNIQUE (purchase_id, idempotency_key)
);
CREATE INDEX refunds_purchase_idx ON refunds (purchase_id, created_at);
CREATE INDEX refunds_completed_idx ON refunds (completed_at) WHERE status = 'succeeded';
