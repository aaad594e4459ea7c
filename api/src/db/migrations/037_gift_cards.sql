-- Gift cards and store credit (issue 40, ADR 052). A card's code is shown once, when it is issued, and
-- kept only as its SHA-256 (the code is long and random, so a hash without salt cannot be reversed by
-- guessing); its last four characters stay for the owner's list. A balance changes only by a
-- conditional UPDATE in the transaction that needs it (ADR 043), never below zero, and every change
-- is a ledger row: the ledger of a card or a customer always adds up to its balance.
CREATE TABLE gift_cards (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code_hash text NOT NULL UNIQUE,
  last4 text NOT NULL,
  initial_amount integer NOT NULL CHECK (initial_amount > 0),
  balance integer NOT NULL CHECK (balance >= 0),
  expires_at timestamptz,
  disabled_at timestamptz,
  -- Who issued it: a staff member's name, or the order that bought it.
  issued_by text NOT NULL,
  purchase_id uuid REFERENCES purchases (id) ON DELETE SET NULL,
  recipient_name text,
  recipient_email text,
  message text,
  send_at timestamptz,
  locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'it')),
  created_at timestamptz NOT NULL
);
CREATE INDEX gift_cards_created_idx ON gift_cards (created_at DESC);

CREATE TABLE store_credits (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  balance integer NOT NULL DEFAULT 0 CHECK (balance >= 0),
  updated_at timestamptz NOT NULL
);

-- Every change of a card's or a customer's balance: signed cents, who, why, and the checkout or order.
CREATE TABLE balance_ledger (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  gift_card_id uuid REFERENCES gift_cards (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  amount integer NOT NULL CHECK (amount <> 0),
  reason text NOT NULL,
  actor text NOT NULL,
  checkout_session_id uuid REFERENCES checkout_sessions (id) ON DELETE SET NULL,
  purchase_id uuid REFERENCES purchases (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  CHECK ((gift_card_id IS NULL) <> (user_id IS NULL))
);
CREATE INDEX balance_ledger_card_idx ON balance_ledger (gift_card_id, created_at) WHERE gift_card_id IS NOT NULL;
CREATE INDEX balance_ledger_user_idx ON balance_ledger (user_id, created_at) WHERE user_id IS NOT NULL;

-- What a checkout took from a card and from the buyer's credit; the payment provider is asked for the rest.
ALTER TABLE checkout_sessions ADD COLUMN gift_card_id uuid REFERENCES gift_cards (id) ON DELETE SET NULL;
ALTER TABLE checkout_sessions ADD COLUMN gift_card_amount integer NOT NULL DEFAULT 0 CHECK (gift_card_amount >= 0);
ALTER TABLE checkout_sessions ADD COLUMN store_credit_amount integer NOT NULL DEFAULT 0 CHECK (store_credit_amount >= 0);
ALTER TABLE purchases ADD COLUMN gift_card_amount integer NOT NULL DEFAULT 0 CHECK (gift_card_amount >= 0);
ALTER TABLE purchases ADD COLUMN gift_card_last4 text;
ALTER TABLE purchases ADD COLUMN store_credit_amount integer NOT NULL DEFAULT 0 CHECK (store_credit_amount >= 0);

-- Gift-card products: the owner's fixed amounts as variants of a product marked gift_card. They are sold
-- from /gift-cards, not listed in the catalogue, never shipped, and a gift card cannot pay for them.
ALTER TABLE products ADD COLUMN gift_card boolean NOT NULL DEFAULT false;
-- For whom a gift card bought in this checkout is (name, email, message, send date); null: for the buyer.
ALTER TABLE checkout_sessions ADD COLUMN gift jsonb;

-- The card an order was paid with, so a refund or a cancellation gives back to it first.
ALTER TABLE purchases ADD COLUMN gift_card_id uuid REFERENCES gift_cards (id) ON DELETE SET NULL;

-- A return the shopper chose to have refunded as store credit (the owner's bonus on top).
ALTER TABLE returns ADD COLUMN refund_to text NOT NULL DEFAULT 'payment' CHECK (refund_to IN ('payment', 'store_credit'));

-- How a refund is paid back: to the gift card and the store credit that paid the order first, the
-- rest through the payment provider; or, for a return refunded as store credit, all of it as credit
-- (plus the bonus). The provider is asked for amount - to_gift_card - to_store_credit, or nothing.
ALTER TABLE refunds ADD COLUMN to_gift_card integer NOT NULL DEFAULT 0 CHECK (to_gift_card >= 0);
ALTER TABLE refunds ADD COLUMN to_store_credit integer NOT NULL DEFAULT 0 CHECK (to_store_credit >= 0);
ALTER TABLE refunds ADD COLUMN store_credit_bonus integer NOT NULL DEFAULT 0 CHECK (store_credit_bonus >= 0);
ALTER TABLE refunds ADD COLUMN as_store_credit boolean NOT NULL DEFAULT false;
ALTER TABLE refunds ADD CONSTRAINT refunds_split_within_amount CHECK (to_gift_card + to_store_credit <= amount);
