-- The about and contact pages' words as versions of builtin pages (issue #42, ADR 073): the contact
-- page's address and hours are kept with each version as structured fields; other pages have none.
ALTER TABLE page_versions ADD COLUMN fields jsonb;
