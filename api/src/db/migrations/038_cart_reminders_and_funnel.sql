-- Issue 41 and issue 39 item 4: abandoned-checkout reminders, the cookieless funnel, and marketing
-- consent with its double opt-in (ADR 056).

-- Marketing consent is in force only once its email link is confirmed; the other kinds count from giving.
ALTER TABLE consents ADD COLUMN confirmed_at timestamptz;
UPDATE consents SET confirmed_at = given_at WHERE kind <> 'marketing';

-- Extra headers of an email (List-Unsubscribe, List-Unsubscribe-Post), kept for the dev mailbox.
ALTER TABLE mail_outbox ADD COLUMN headers jsonb;

-- One row per reminder sent: at most step 1 and step 2 per cart and round (the buyer's count of orders
-- when it was sent, so a paid order starts a new round). Kept for the weekly figures when the cart goes.
CREATE TABLE cart_reminders (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  cart_id uuid REFERENCES carts (id) ON DELETE SET NULL,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  round integer NOT NULL,
  step smallint NOT NULL CHECK (step IN (1, 2)),
  locale text NOT NULL DEFAULT 'en',
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  expires_at timestamptz NOT NULL,
  opened_at timestamptz,
  recovered_purchase_id uuid REFERENCES purchases (id) ON DELETE SET NULL,
  recovered_total integer,
  recovered_at timestamptz
);
CREATE UNIQUE INDEX cart_reminders_once_idx ON cart_reminders (cart_id, round, step);
CREATE INDEX cart_reminders_sent_idx ON cart_reminders (sent_at);
CREATE UNIQUE INDEX cart_reminders_recovered_idx ON cart_reminders (recovered_purchase_id);

-- The reminder whose link filled this cart: the order that empties it is counted as recovered.
ALTER TABLE carts ADD COLUMN restored_from uuid REFERENCES cart_reminders (id) ON DELETE SET NULL;

-- The funnel: counters per shop day, step and product (the nil uuid is every product together). No
-- visitor, session or address is stored; each event adds one in one statement.
CREATE TABLE funnel_counts (
  day date NOT NULL,
  step text NOT NULL CHECK (step IN ('view', 'add_to_cart', 'checkout_started', 'payment_page', 'paid')),
  product_id uuid NOT NULL,
  n integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, step, product_id)
);
