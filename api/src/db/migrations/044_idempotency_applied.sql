-- A keyed write marks its work as done inside the work's own transaction (ADR 069): what it was
-- applied to (a cart). An instance that dies after committing the work and before keeping its answer
-- leaves the mark, and the request that takes the key over answers without doing the work again.
ALTER TABLE idempotency_keys ADD COLUMN applied_to text;
