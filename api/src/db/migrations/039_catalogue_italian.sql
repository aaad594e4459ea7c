-- Catalogue texts in Italian (issue 38, ADR 046): each product's descriptions, each category's name
-- and each size chart's labels get an Italian version beside the English one. Product names stay as
-- they are (the brand's). Empty means not written yet: the Italian pages show the English text, and
-- the back office lists what is missing. The triggers of migrations 015 and 023 already announce a
-- change to these tables, so the kept catalogues follow.
ALTER TABLE products ADD COLUMN short_description_it text NOT NULL DEFAULT '';
ALTER TABLE products ADD COLUMN long_description_it text NOT NULL DEFAULT '';
ALTER TABLE categories ADD COLUMN name_it text NOT NULL DEFAULT '';
-- The labels a shopper reads in the chart: fit, tips, model notes, measurement names (by position),
-- special features (by position). Measurements and sizes are the English chart's.
ALTER TABLE size_charts ADD COLUMN labels_it jsonb NOT NULL DEFAULT '{}'::jsonb;

-- Search finds a product by its Italian words too, stemmed as Italian.
ALTER TABLE products DROP COLUMN search_document;
ALTER TABLE products ADD COLUMN search_document tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
  setweight(to_tsvector('english', coalesce(short_description, '')), 'B') ||
  setweight(to_tsvector('english', coalesce(long_description, '')), 'C') ||
  setweight(to_tsvector('italian', coalesce(short_description_it, '')), 'B') ||
  setweight(to_tsvector('italian', coalesce(long_description_it, '')), 'C')
) STORED;
CREATE INDEX products_search_document_idx ON products USING gin (search_document);
