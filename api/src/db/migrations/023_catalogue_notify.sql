-- The catalogue and its stock announced as they change (issue #21, ADR 035), so every API instance
-- answers catalogue reads from memory instead of asking the database each time. One channel per
-- schema (a test run has its own schema in a shared database): 'catalogue' when anything the kept
-- catalogue holds changed (the version of migration 015 moves too), 'stock <variant id> <quantity>'
-- for each variant whose stock moved. NOTIFY is sent on commit, in commit order, and not at all on
-- rollback; a listener that loses its connection forgets what it holds (services/catalogue-watch.ts).
CREATE OR REPLACE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_state SET version = version + 1;
  PERFORM pg_notify('shop_catalogue_' || TG_TABLE_SCHEMA, 'catalogue');
  RETURN NULL;
END;
$$;

CREATE FUNCTION catalogue_stock_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_catalogue_' || TG_TABLE_SCHEMA, 'stock ' || NEW.id || ' ' || NEW.stock_quantity);
  RETURN NULL;
END;
$$;

CREATE TRIGGER product_variants_stock_moved AFTER UPDATE OF stock_quantity ON product_variants FOR EACH ROW
  WHEN (OLD.stock_quantity IS DISTINCT FROM NEW.stock_quantity)
  EXECUTE FUNCTION catalogue_stock_moved();
