-- Carts, checkout sessions with their stock reservations, and purchases.

-- A user has at most one cart; an anonymous cart is found by the hash of the random token in its cookie.
CREATE TABLE carts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  token_hash text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (user_id IS NOT NULL OR token_hash IS NOT NULL)
);

-- Prices are not stored: a cart line is always sold at the variant's current price.
CREATE TABLE cart_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  cart_id uuid NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  variant_id uuid NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
  quantity integer NOT NULL CHECK (quantity > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (cart_id, variant_id)
);

-- A checkout session holds the stock of its items from creation until it is paid, expires,
-- is cancelled or declined (docs/decisions/006-stock-reservation.md).
CREATE TABLE checkout_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider text NOT NULL CHECK (provider IN ('test', 'stripe')),
  -- The provider's id for the session (the same as id for the test provider).
  provider_session_id text UNIQUE,
  kind text NOT NULL CHECK (kind IN ('cart', 'quick')),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  cart_id uuid REFERENCES carts (id) ON DELETE SET NULL,
  -- The cart cookie presented at checkout, so the success page also answers to that cookie alone.
  cart_token_hash text,
  email text NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'completed', 'expired', 'cancelled', 'declined')),
  items_total integer NOT NULL CHECK (items_total >= 0),
  shipping_cost integer NOT NULL CHECK (shipping_cost >= 0),
  tax integer NOT NULL CHECK (tax >= 0),
  total integer NOT NULL CHECK (total >= 0),
  success_url text NOT NULL,
  cancel_url text NOT NULL,
  metadata jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  closed_at timestamptz
);
CREATE INDEX checkout_sessions_open_idx ON checkout_sessions (expires_at) WHERE status = 'open';

-- What a session reserved, at the price it was offered at.
CREATE TABLE checkout_session_items (
  checkout_session_id uuid NOT NULL REFERENCES checkout_sessions (id) ON DELETE CASCADE,
  variant_id uuid NOT NULL REFERENCES product_variants (id),
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_price integer NOT NULL CHECK (unit_price >= 0),
  PRIMARY KEY (checkout_session_id, variant_id)
);

CREATE TABLE purchases (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- One purchase per session: what makes fulfilment idempotent.
  checkout_session_id uuid UNIQUE REFERENCES checkout_sessions (id) ON DELETE SET NULL,
  email text NOT NULL,
  status text NOT NULL DEFAULT 'Processing',
  subtotal integer NOT NULL CHECK (subtotal >= 0),
  shipping_cost integer NOT NULL CHECK (shipping_cost >= 0),
  tax integer NOT NULL CHECK (tax >= 0),
  discount integer NOT NULL DEFAULT 0 CHECK (discount >= 0),
  total integer NOT NULL CHECK (total >= 0),
  shipping_address jsonb,
  billing_address jsonb,
  payment_method text NOT NULL,
  first_time_purchase_info jsonb NOT NULL,
  tracking_number text,
  carrier text,
  created_at timestamptz NOT NULL
);
CREATE INDEX purchases_user_idx ON purchases (user_id, created_at DESC);

-- A snapshot of each line as sold: later catalogue changes leave past purchases as they were.
CREATE TABLE purchase_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  purchase_id uuid NOT NULL REFERENCES purchases (id) ON DELETE CASCADE,
  product_id uuid REFERENCES products (id) ON DELETE SET NULL,
  variant_id uuid REFERENCES product_variants (id) ON DELETE SET NULL,
  name text NOT NULL,
  sku text NOT NULL,
  variant_description text NOT NULL DEFAULT '',
  variant_attributes jsonb NOT NULL DEFAULT '[]',
  quantity integer NOT NULL CHECK (quantity > 0),
  unit_price integer NOT NULL CHECK (unit_price >= 0),
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX purchase_items_purchase_idx ON purchase_items (purchase_id, position);
