-- Drops: a product whose launch date is still ahead cannot be bought yet; the owner may cap how many
-- units of it one customer buys. Scheduled work (launch emails) lives in a jobs table that every API
-- instance polls and claims with FOR UPDATE SKIP LOCKED, so each job runs once and survives restarts.
ALTER TABLE products ADD COLUMN purchase_limit integer CHECK (purchase_limit IS NULL OR purchase_limit BETWEEN 1 AND 99);

-- Units of a capped product a customer (by email: guest and registered alike) holds in open checkouts
-- or has bought. Written in the checkout's transaction by one conditional upsert, so several tabs,
-- carts or accounts of one email can never pass the cap; an expired or cancelled checkout gives its
-- units back.
CREATE TABLE purchase_limit_claims (
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  email text NOT NULL,
  quantity integer NOT NULL CHECK (quantity >= 0),
  PRIMARY KEY (product_id, email)
);

CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL,
  -- At most one job per key (e.g. 'drop-launch:<product id>'): scheduling again moves it.
  key text NOT NULL UNIQUE,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  run_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  -- A claimed job is someone's until then; a crashed instance's job is taken again after it.
  locked_until timestamptz,
  last_error text,
  done_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE done_at IS NULL;

-- Which checkout lines claimed units against a cap, so a checkout that ends unpaid gives back
-- exactly those (a cap set after the checkout opened claimed nothing).
ALTER TABLE checkout_session_items ADD COLUMN limit_claimed boolean NOT NULL DEFAULT false;

-- A renamed product's old names, so old links redirect permanently to its page.
CREATE TABLE product_name_redirects (
  old_name text PRIMARY KEY,
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE
);
