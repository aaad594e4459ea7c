-- Returns and size exchanges within the withdrawal window (docs/decisions/032-returns-and-exchanges.md).
-- The window runs from delivered_at; orders delivered before this migration take the moment the
-- audit log says they were marked delivered.
ALTER TABLE purchases ADD COLUMN delivered_at timestamptz;
UPDATE purchases p SET delivered_at = (
  SELECT max(a.at) FROM audit_log a WHERE a.subject_type = 'order' AND a.subject_id = p.id::text AND a.action = 'order.deliver'
) WHERE lower(p.status) = 'delivered';

-- Units of a line held by returns that are not cancelled. A return claims them with one conditional
-- UPDATE, so two requests at once can never return more than was bought.
ALTER TABLE purchase_items ADD COLUMN returned_quantity integer NOT NULL DEFAULT 0;
ALTER TABLE purchase_items ADD CONSTRAINT purchase_items_returned_within_quantity CHECK (returned_quantity >= 0 AND returned_quantity <= quantity);

-- One return: a number for the parcel, a reason, and either a refund of its lines or an exchange of
-- each line for another size, shipped as a second parcel of the same order.
CREATE TABLE returns (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  number text NOT NULL UNIQUE CHECK (number ~ '^R-[0-9A-Z]{6}$'),
  purchase_id uuid NOT NULL REFERENCES purchases (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('refund', 'exchange')),
  reason text NOT NULL CHECK (reason IN ('too_small', 'too_big', 'not_as_pictured', 'damaged', 'changed_mind', 'other')),
  comment text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('requested', 'received', 'refunded', 'exchanged', 'cancelled')),
  refund_id uuid REFERENCES refunds (id),
  carrier text,
  tracking_number text,
  created_at timestamptz NOT NULL,
  received_at timestamptz,
  closed_at timestamptz,
  CHECK ((status = 'exchanged') = (tracking_number IS NOT NULL))
);
CREATE INDEX returns_purchase_idx ON returns (purchase_id, created_at);
CREATE INDEX returns_open_idx ON returns (created_at) WHERE status IN ('requested', 'received');

CREATE TABLE return_items (
  return_id uuid NOT NULL REFERENCES returns (id) ON DELETE CASCADE,
  purchase_item_id uuid NOT NULL REFERENCES purchase_items (id) ON DELETE CASCADE,
  quantity integer NOT NULL CHECK (quantity > 0),
  -- The size sent instead (its units were taken from stock when the return was requested).
  exchange_variant_id uuid REFERENCES product_variants (id) ON DELETE SET NULL,
  exchange_sku text,
  exchange_description text,
  PRIMARY KEY (return_id, purchase_item_id)
);
CREATE INDEX return_items_item_idx ON return_items (purchase_item_id);
