-- A cart announced when it or its lines change, and a shopper's back-in-stock requests when any of
-- theirs changes (issue #21, ADR 037), on the channel of migration 023: 'cart <id>' and
-- 'wishlist <email>', with 'cart *' and 'wishlist *' when a table is emptied at once. Each API
-- instance keeps the carts and wishlists it read while it listens (services/catalogue-watch.ts) and
-- drops one when it hears of it, so the pages of a signed-in shopper do not ask the database each time.
-- What a cart shows of its variants (price, stock, names) is announced by migrations 015 and 023.
CREATE FUNCTION cart_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  channel text := 'shop_catalogue_' || TG_TABLE_SCHEMA;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify(channel, 'cart *');
  ELSIF TG_TABLE_NAME = 'carts' THEN
    PERFORM pg_notify(channel, 'cart ' || OLD.id);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify(channel, 'cart ' || NEW.cart_id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify(channel, 'cart ' || OLD.cart_id);
  ELSE
    -- A line moved to another cart (a merge at sign-in) changes both.
    PERFORM pg_notify(channel, 'cart ' || OLD.cart_id);
    IF NEW.cart_id IS DISTINCT FROM OLD.cart_id THEN
      PERFORM pg_notify(channel, 'cart ' || NEW.cart_id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER cart_items_changed AFTER INSERT OR UPDATE OR DELETE ON cart_items FOR EACH ROW EXECUTE FUNCTION cart_changed();
CREATE TRIGGER carts_changed AFTER UPDATE OR DELETE ON carts FOR EACH ROW EXECUTE FUNCTION cart_changed();
CREATE TRIGGER cart_items_emptied AFTER TRUNCATE ON cart_items FOR EACH STATEMENT EXECUTE FUNCTION cart_changed();
CREATE TRIGGER carts_emptied AFTER TRUNCATE ON carts FOR EACH STATEMENT EXECUTE FUNCTION cart_changed();

CREATE FUNCTION wishlist_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  channel text := 'shop_catalogue_' || TG_TABLE_SCHEMA;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify(channel, 'wishlist *');
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify(channel, 'wishlist ' || NEW.email);
  ELSE
    PERFORM pg_notify(channel, 'wishlist ' || OLD.email);
    IF TG_OP = 'UPDATE' AND NEW.email IS DISTINCT FROM OLD.email THEN
      PERFORM pg_notify(channel, 'wishlist ' || NEW.email);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER wishlist_entries_changed AFTER INSERT OR UPDATE OR DELETE ON wishlist_entries FOR EACH ROW EXECUTE FUNCTION wishlist_changed();
CREATE TRIGGER wishlist_entries_emptied AFTER TRUNCATE ON wishlist_entries FOR EACH STATEMENT EXECUTE FUNCTION wishlist_changed();
