-- An archived product leaves the shop (listing, product page, carts and checkouts) but stays in the
-- database: orders, receipts and the back office still name it, and the owner can bring it back.
ALTER TABLE products ADD COLUMN archived_at timestamptz;
