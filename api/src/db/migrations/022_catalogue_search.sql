-- Catalogue search (issue #21, ADR 033): a product's name (weighted first) and its short and long
-- descriptions as one full-text document in English, kept by the database, with a GIN index. The
-- same on PGlite and PostgreSQL.
ALTER TABLE products ADD COLUMN search_document tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
  setweight(to_tsvector('english', coalesce(short_description, '')), 'B') ||
  setweight(to_tsvector('english', coalesce(long_description, '')), 'C')
) STORED;
CREATE INDEX products_search_document_idx ON products USING gin (search_document);
