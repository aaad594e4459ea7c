-- A customer's store credit announced when it changes (issue 36), on the channel of migration 023:
-- 'credit <user id>', and 'credit *' when the table is emptied at once. Each API instance keeps the
-- balances its cart answers read while it listens (services/shopper-caches.ts) and drops one when it
-- hears of it, so a signed-in shopper's cart does not ask the database for their credit each time.
CREATE FUNCTION store_credit_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  channel text := 'shop_catalogue_' || TG_TABLE_SCHEMA;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify(channel, 'credit *');
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify(channel, 'credit ' || NEW.user_id);
  ELSE
    PERFORM pg_notify(channel, 'credit ' || OLD.user_id);
    IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify(channel, 'credit ' || NEW.user_id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER store_credits_changed AFTER INSERT OR UPDATE OR DELETE ON store_credits FOR EACH ROW EXECUTE FUNCTION store_credit_changed();
CREATE TRIGGER store_credits_emptied AFTER TRUNCATE ON store_credits FOR EACH STATEMENT EXECUTE FUNCTION store_credit_changed();
