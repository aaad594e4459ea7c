-- Wishlist entries: back-in-stock requests for a product or one of its variants (spec §3 Wishlist entry).
CREATE TABLE wishlist_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  product_id uuid REFERENCES products (id) ON DELETE CASCADE,
  product_variant_id uuid REFERENCES product_variants (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set when the back-in-stock email went out; a notified entry can be requested again.
  notified_at timestamptz,
  CHECK ((product_id IS NULL) <> (product_variant_id IS NULL))
);
CREATE UNIQUE INDEX wishlist_entries_product_uq ON wishlist_entries (email, product_id) WHERE product_id IS NOT NULL;
CREATE UNIQUE INDEX wishlist_entries_variant_uq ON wishlist_entries (email, product_variant_id) WHERE product_variant_id IS NOT NULL;
CREATE INDEX wishlist_entries_pending_product_idx ON wishlist_entries (product_id) WHERE notified_at IS NULL;
CREATE INDEX wishlist_entries_pending_variant_idx ON wishlist_entries (product_variant_id) WHERE notified_at IS NULL;
