-- A card's artwork in each colour of its product (issue 45): the card a buyer unlocks shows the garment
-- in the colour they bought, not the one colour the card was drawn in. A card's own paths stay the
-- artwork it shows before it is unlocked, and to a buyer whose colour has none (a colour the owner
-- added later, or a card unlocked before colours were kept).
CREATE TABLE card_colours (
  card_id uuid NOT NULL REFERENCES cards (id) ON DELETE CASCADE,
  -- The variant's colour option as the catalogue codes it (BLACK, GREY, ...).
  colour text NOT NULL,
  animation_folder_path text NOT NULL,
  image_path text NOT NULL,
  PRIMARY KEY (card_id, colour)
);

-- The colour of the line that unlocked the card (its first line of that product); NULL when unknown.
ALTER TABLE user_cards ADD COLUMN colour text;
