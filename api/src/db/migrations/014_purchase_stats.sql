-- Each buyer's order figures (the orders page and the profile), kept as counters by a trigger on
-- purchases, so reading them costs the same whatever the number of orders, and no code path that
-- writes a purchase can forget them.
CREATE TABLE user_purchase_stats (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  total_orders integer NOT NULL DEFAULT 0,
  delivered integer NOT NULL DEFAULT 0,
  in_transit integer NOT NULL DEFAULT 0,
  processing integer NOT NULL DEFAULT 0,
  -- What the buyer spent: totals less refunds, cents.
  total_spent bigint NOT NULL DEFAULT 0
);

CREATE FUNCTION user_purchase_stats_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE user_purchase_stats SET
      total_orders = total_orders - 1,
      delivered = delivered - (lower(OLD.status) = 'delivered')::int,
      in_transit = in_transit - (lower(OLD.status) = 'shipped')::int,
      processing = processing - (lower(OLD.status) = 'processing')::int,
      total_spent = total_spent - (OLD.total - OLD.refunded_total)
    WHERE user_id = OLD.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO user_purchase_stats AS s (user_id, total_orders, delivered, in_transit, processing, total_spent)
    VALUES (
      NEW.user_id, 1,
      (lower(NEW.status) = 'delivered')::int,
      (lower(NEW.status) = 'shipped')::int,
      (lower(NEW.status) = 'processing')::int,
      NEW.total - NEW.refunded_total
    )
    ON CONFLICT (user_id) DO UPDATE SET
      total_orders = s.total_orders + 1,
      delivered = s.delivered + EXCLUDED.delivered,
      in_transit = s.in_transit + EXCLUDED.in_transit,
      processing = s.processing + EXCLUDED.processing,
      total_spent = s.total_spent + EXCLUDED.total_spent;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER purchases_user_stats
AFTER INSERT OR DELETE OR UPDATE OF user_id, status, total, refunded_total ON purchases
FOR EACH ROW EXECUTE FUNCTION user_purchase_stats_apply();

INSERT INTO user_purchase_stats (user_id, total_orders, delivered, in_transit, processing, total_spent)
SELECT user_id, count(*),
  count(*) FILTER (WHERE lower(status) = 'delivered'),
  count(*) FILTER (WHERE lower(status) = 'shipped'),
  count(*) FILTER (WHERE lower(status) = 'processing'),
  sum(total - refunded_total)
FROM purchases GROUP BY user_id;
