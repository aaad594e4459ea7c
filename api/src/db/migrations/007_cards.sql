-- Collectible cards: one per product, unlocked by the first purchase of that product.

CREATE TABLE cards (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid NOT NULL UNIQUE REFERENCES products (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- common, rare, epic, legendary; NULL shows as CARD on the face.
  rarity text,
  -- Frames live in the cards bucket at <folder>/<file name><0000..length-1>.<format>.
  animation_folder_path text NOT NULL,
  animation_file_name text NOT NULL,
  animation_file_format text NOT NULL DEFAULT 'webp',
  animation_length integer NOT NULL DEFAULT 148 CHECK (animation_length > 0 AND animation_length <= 10000),
  -- The static alternative, in the cards bucket.
  image_path text NOT NULL,
  text_color text NOT NULL,
  accent_color text NOT NULL,
  bg_color text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A card a user has unlocked. The primary key makes unlocking idempotent, also under concurrent fulfilments.
CREATE TABLE user_cards (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  card_id uuid NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
  -- The purchase that unlocked it; NULL for cards granted for purchases made before cards existed.
  purchase_id uuid REFERENCES purchases (id) ON DELETE SET NULL,
  unlocked_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, card_id)
);
CREATE INDEX user_cards_purchase_idx ON user_cards (purchase_id) WHERE purchase_id IS NOT NULL;
