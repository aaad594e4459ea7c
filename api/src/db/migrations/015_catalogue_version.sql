-- A number that changes whenever the catalogue does (products, variants, their attributes, images,
-- categories, size charts), so every API instance knows when the catalogue it keeps in memory is out
-- of date (services/catalogue.ts). Stock is not part of it: stock moves with every checkout, and is
-- read fresh beside the kept catalogue.
CREATE TABLE catalogue_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 1
);
INSERT INTO catalogue_state (id, version) VALUES (true, 1);

CREATE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_state SET version = version + 1;
  RETURN NULL;
END;
$$;

CREATE TRIGGER products_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
CREATE TRIGGER categories_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
CREATE TRIGGER product_categories_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_categories FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
CREATE TRIGGER size_charts_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON size_charts FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
CREATE TRIGGER variant_attributes_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON variant_attributes FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
CREATE TRIGGER images_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON images FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
CREATE TRIGGER product_variants_added_or_removed AFTER INSERT OR DELETE OR TRUNCATE ON product_variants FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
-- A variant's own change counts unless only its stock moved (any column, present or added later).
CREATE TRIGGER product_variants_changed AFTER UPDATE ON product_variants FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'stock_quantity') IS DISTINCT FROM (to_jsonb(NEW) - 'stock_quantity'))
  EXECUTE FUNCTION catalogue_changed();
