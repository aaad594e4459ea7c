-- Notes the staff keep on a customer (never shown to them), and the settings an owner changes in the
-- back office, one row per setting.
CREATE TABLE customer_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The staff member's email, or 'cli'.
  author text NOT NULL,
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL,
  seq bigint GENERATED ALWAYS AS IDENTITY
);
CREATE INDEX customer_notes_user_idx ON customer_notes (user_id, seq);

CREATE TABLE shop_settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL,
  updated_by text NOT NULL
);
