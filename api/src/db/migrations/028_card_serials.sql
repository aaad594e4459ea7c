-- Each unlocked card has a serial of its own (the card's face shows its first characters): two buyers
-- of one product hold two cards, not one code between them.
ALTER TABLE user_cards ADD COLUMN serial uuid NOT NULL DEFAULT gen_random_uuid();
CREATE UNIQUE INDEX user_cards_serial_idx ON user_cards (serial);
