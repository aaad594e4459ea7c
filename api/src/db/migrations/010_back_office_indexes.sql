-- The back office's stock page counts, per variant, what open checkouts hold and what sold lately;
-- its order list runs newest first.
CREATE INDEX checkout_session_items_variant_idx ON checkout_session_items (variant_id);
CREATE INDEX purchase_items_variant_idx ON purchase_items (variant_id);
CREATE INDEX purchases_created_idx ON purchases (created_at DESC, id DESC);
