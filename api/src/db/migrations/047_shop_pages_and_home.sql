-- The about and contact pages' words as versions of builtin pages (issue #42, ADR 073): the contact
-- page's address and hours are kept with each version as structured fields; other pages have none.
ALTER TABLE page_versions ADD COLUMN fields jsonb;

-- The home page's hero (ADR 073): the one shoppers see ('current') and at most one waiting for its
-- start time ('scheduled'), which the scheduled jobs make current at that instant. No row: the home
-- page leads with the newest product, as it always did. A button leads to a product (a drop is a
-- product whose launch is ahead) or to a category.
CREATE TABLE home_heroes (
  slot text PRIMARY KEY CHECK (slot IN ('current', 'scheduled')),
  -- An upload in the product-images bucket, kept as WebP without metadata; null: no image.
  image_path text,
  image_width integer,
  image_height integer,
  headline_en text NOT NULL CHECK (length(headline_en) BETWEEN 1 AND 120),
  headline_it text NOT NULL CHECK (length(headline_it) <= 120),
  text_en text NOT NULL CHECK (length(text_en) <= 400),
  text_it text NOT NULL CHECK (length(text_it) <= 400),
  button_en text NOT NULL CHECK (length(button_en) BETWEEN 1 AND 60),
  button_it text NOT NULL CHECK (length(button_it) <= 60),
  link_kind text NOT NULL CHECK (link_kind IN ('product', 'category')),
  -- A product's id, or a category's name.
  link_target text NOT NULL,
  starts_at timestamptz,
  updated_at timestamptz NOT NULL,
  updated_by text NOT NULL,
  CHECK ((slot = 'scheduled') = (starts_at IS NOT NULL)),
  CHECK ((image_path IS NULL) = (image_width IS NULL) AND (image_path IS NULL) = (image_height IS NULL))
);

-- The products the home page shows first, in the owner's order (ADR 073); the rest follow newest
-- first. Part of what the kept catalogue answers, so a change is announced as catalogue changes are.
CREATE TABLE home_featured (
  position integer PRIMARY KEY CHECK (position BETWEEN 1 AND 8),
  product_id uuid NOT NULL UNIQUE REFERENCES products (id) ON DELETE CASCADE
);
CREATE TRIGGER home_featured_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON home_featured FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
