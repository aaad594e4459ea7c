-- The shop in English and Italian (ADR 046, issue 38): the language a customer, an order (and the
-- checkout it came from) and a back-in-stock request were made in, so every email about them, and the
-- order's receipt, speaks it. Everything made before speaks English, as the shop did then.
ALTER TABLE users ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'it'));
ALTER TABLE checkout_sessions ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'it'));
ALTER TABLE purchases ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'it'));
ALTER TABLE wishlist_entries ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'it'));
