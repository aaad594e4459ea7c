-- Discount codes (docs/decisions/031-discount-codes.md). A code is stored normalised (capitals, no
-- spaces). Its uses are counted when a checkout opens with it and given back when that checkout ends
-- unpaid: the count is raised by one conditional UPDATE, so concurrent checkouts never pass max_uses.
CREATE TABLE discount_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL UNIQUE CHECK (code = upper(code) AND code !~ '\s'),
  kind text NOT NULL CHECK (kind IN ('percent', 'amount', 'free_shipping')),
  -- Percent (1–100), cents, or 0 for free shipping.
  value integer NOT NULL DEFAULT 0 CHECK (value >= 0),
  CHECK ((kind = 'percent' AND value BETWEEN 1 AND 100) OR (kind = 'amount' AND value > 0) OR (kind = 'free_shipping' AND value = 0)),
  -- The cart total (items, tax included, before the discount) the code needs.
  min_total integer NOT NULL DEFAULT 0 CHECK (min_total >= 0),
  starts_at timestamptz,
  ends_at timestamptz,
  CHECK (starts_at IS NULL OR ends_at IS NULL OR starts_at < ends_at),
  max_uses integer CHECK (max_uses IS NULL OR max_uses > 0),
  max_uses_per_customer integer CHECK (max_uses_per_customer IS NULL OR max_uses_per_customer > 0),
  uses integer NOT NULL DEFAULT 0 CHECK (uses >= 0),
  CHECK (max_uses IS NULL OR uses <= max_uses),
  -- Limited to these products or categories (uuid arrays as JSON); both empty: every item.
  product_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
  category_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Uses per customer (by email: guest and registered alike), claimed by one conditional upsert.
CREATE TABLE discount_code_customers (
  discount_code_id uuid NOT NULL REFERENCES discount_codes (id) ON DELETE CASCADE,
  email text NOT NULL,
  uses integer NOT NULL CHECK (uses >= 0),
  PRIMARY KEY (discount_code_id, email)
);

-- The code a checkout claimed a use of, and what it took off; copied to the purchase when paid.
ALTER TABLE checkout_sessions ADD COLUMN discount_code_id uuid REFERENCES discount_codes (id) ON DELETE SET NULL;
ALTER TABLE checkout_sessions ADD COLUMN discount_code text;
ALTER TABLE checkout_sessions ADD COLUMN discount integer NOT NULL DEFAULT 0 CHECK (discount >= 0);
ALTER TABLE checkout_session_items ADD COLUMN discount integer NOT NULL DEFAULT 0 CHECK (discount >= 0);
ALTER TABLE purchases ADD COLUMN discount_code text;
-- Each line's share of the order's discount, so a refund of some units gives back what they cost.
ALTER TABLE purchase_items ADD COLUMN discount integer NOT NULL DEFAULT 0 CHECK (discount >= 0);
