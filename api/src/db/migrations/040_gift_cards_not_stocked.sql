-- Gift cards have no stock (issue 40): a variant whose stock_quantity is null is not counted. It is always
-- available, never taken by a checkout nor given back, and not on the stock lists (services/stock-counted.ts).
-- The gift-card variants made before this held a stand-in stock of 1,000,000: they are converted. Every
-- other variant keeps counting, and a new one starts at 0 as before.
ALTER TABLE product_variants ALTER COLUMN stock_quantity DROP NOT NULL;
UPDATE product_variants SET stock_quantity = NULL WHERE product_id IN (SELECT id FROM products WHERE gift_card);
