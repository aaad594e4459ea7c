-- Notes the staff keep on an order (a call with the buyer, a parcel re-sent): never shown to the buyer.
CREATE TABLE order_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  purchase_id uuid NOT NULL REFERENCES purchases (id) ON DELETE CASCADE,
  -- The staff member's email, or 'cli'.
  author text NOT NULL,
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL,
  -- Written order: two notes of the same moment still read in the order they were added.
  seq bigint GENERATED ALWAYS AS IDENTITY
);
CREATE INDEX order_notes_purchase_idx ON order_notes (purchase_id, seq);
