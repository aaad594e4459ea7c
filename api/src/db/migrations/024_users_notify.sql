-- A user's row announced when it changes or goes (issue #21, ADR 036), on the channel of migration 023:
-- 'user <id>'. Each API instance keeps the rows its sign-in checks read while it listens
-- (services/catalogue-watch.ts) and drops one when it hears of it, so the check that runs on every
-- signed-in call does not ask the database each time.
CREATE FUNCTION user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_catalogue_' || TG_TABLE_SCHEMA, 'user ' || OLD.id);
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION user_changed();

-- TRUNCATE fires no row trigger: 'user *' drops every kept row.
CREATE FUNCTION users_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_catalogue_' || TG_TABLE_SCHEMA, 'user *');
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_emptied AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION users_emptied();
