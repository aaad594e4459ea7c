// The shop at scale's data (scale.mjs): 1,000 products made from the seeded ones, 100,000 orders
// (figures.mjs), the customers whose pages are measured, and the targets the figures are held to.

import { PGlite } from '@electric-sql/pglite';
import { hash } from '@node-rs/argon2';
import pg from 'pg';

import { ORDERS_FILL } from './figures.mjs';
import { round } from './report.mjs';
import {} from './servers.mjs';

const log = (message) => console.error(`bench: ${message}`);

export const PRODUCTS = 1_000;
/** The customer whose /orders and user/stats are measured, and one with a handful of orders beside them. */
export const MANY_ORDERS = 500;
export const FEW_ORDERS = 5;
export const PASSWORD = 'Bench-Scale-2026';
export const CUSTOMER = { email: 'bench-many-orders@example.com', orders: MANY_ORDERS, wishlist: 3 };
export const FEW = { email: 'bench-few-orders@example.com', orders: FEW_ORDERS };
/** The customer of the small shop's pages (the seeded catalogue, before the fill). */
export const SMALL = { email: 'bench-small-shop@example.com', orders: FEW_ORDERS, wishlist: 3 };
/** Lines in the cart of the customer whose pages are measured. */
export const CART_LINES = 2;
/**
 * Pages at scale: at least `page` of the minimal app (`home` for `/`); compressed at least
 * `compressed` of their own uncompressed rate; the API's resident memory under that load at most
 * `apiRssMb`. API catalogue reads at least `catalogue` of /livez; user/stats flat.
 */
export const TARGETS = { page: 0.25, home: 0.4, compressed: 0.8, catalogue: 0.5, statsFlat: 0.8, apiRssMb: 400 };
/**
 * Issue #36's targets for the small shop's signed-in pages, against the minimal app with a page of
 * the same size: the rate, and the server CPU time per request (storefront + API) at most `cpu`
 * times the minimal app's.
 */
export const SMALL_TARGETS = { home: 0.5, orderPage: 0.5, orderDetails: 0.5, product: 0.4, cart: 0.4, account: 0.3, cpu: 2.5 };
// What browsers send: every page is measured again with it.
export const BROWSER_ENCODING = 'br, gzip';
// The filtered listing and the search a shopper would type (the words come from the generated names).
export const FILTER = { category: 'T-Shirts', size: 'L/XL', colour: 'BLACK', in_stock: '1' };
export const SEARCH = 'harbour';

const FIRST_WORDS = [
  'Harbour',
  'Signal',
  'Concrete',
  'Northline',
  'Meridian',
  'Foundry',
  'Quarry',
  'Transit',
  'Dockside',
  'Canal',
  'Ridge',
  'Granite',
  'Lantern',
  'Arcade',
  'Viaduct',
  'Tramline',
  'Market',
  'Pier',
  'Atlas',
  'Beacon',
  'Compass',
  'Delta',
  'Ember',
  'Fjord',
  'Gallery',
];
const SECOND_WORDS = ['Studio', 'Workshop', 'Field', 'Night', 'Weekend', 'Archive', 'Club', 'Road', 'Travel', 'Summer'];
const words = (list) => `ARRAY[${list.map((w) => `'${w}'`).join(', ')}]`;

/**
 * PRODUCTS products, each made from a seeded one (round robin): its descriptions, category, size
 * chart and image files, a name of its own, 2–4 of its colours in its sizes plus XS for a third of
 * them, stock that is sometimes out, and every twelfth with a variant listed on its own.
 */
const CATALOGUE_FILL = `
CREATE TEMP TABLE scale_templates AS
SELECT id, name, row_number() OVER (ORDER BY name) - 1 AS n, count(*) OVER () AS total
FROM products WHERE archived_at IS NULL;

CREATE TEMP TABLE scale_plan AS
SELECT g, t.id AS template_id, t.name AS template_name,
  (${words(FIRST_WORDS)})[1 + (g / t.total) % ${FIRST_WORDS.length}] || ' ' ||
  (${words(SECOND_WORDS)})[1 + (g / (t.total * ${FIRST_WORDS.length})) % ${SECOND_WORDS.length}] || ' ' || t.name AS name,
  2 + g % 3 AS colours,
  (g / 3) % 3 = 0 AS extra_size
FROM generate_series(0, ${PRODUCTS - 1}) AS g JOIN scale_templates t ON t.n = g % t.total;

INSERT INTO products (name, short_description, long_description, price, launch_date, created_at)
SELECT plan.name, p.short_description, replace(p.long_description, p.name, plan.name), p.price + (plan.g % 5) * 500,
  now() - (plan.g + 1) * interval '1 day', now() - (plan.g + 1) * interval '1 day'
FROM scale_plan plan JOIN products p ON p.id = plan.template_id
ON CONFLICT (name) DO NOTHING;

CREATE TEMP TABLE scale_products AS
SELECT plan.*, p.id, p.price FROM scale_plan plan JOIN products p ON p.name = plan.name;

INSERT INTO product_categories (product_id, category_id, position)
SELECT s.id, pc.category_id, pc.position FROM scale_products s JOIN product_categories pc ON pc.product_id = s.template_id;

INSERT INTO size_charts (product_id, chart)
SELECT s.id, jsonb_set(c.chart, '{productName}', to_jsonb(s.name)) FROM scale_products s JOIN size_charts c ON c.product_id = s.template_id;

INSERT INTO images (product_id, type, filename, url, bucket_name, storage_path, width, height, alt, "order", focal_x, focal_y)
SELECT s.id, i.type, i.filename, i.url, i.bucket_name, i.storage_path, i.width, i.height, replace(i.alt, s.template_name, s.name), i."order", i.focal_x, i.focal_y
FROM scale_products s JOIN images i ON i.product_id = s.template_id;

CREATE TEMP TABLE scale_template_variants AS
WITH colour AS (
  SELECT v.id AS variant_id, v.product_id, a.value, min(v.position) OVER (PARTITION BY v.product_id, a.value) AS first_position
  FROM product_variants v JOIN variant_attributes a ON a.variant_id = v.id AND a.attribute_name = 'color'
)
SELECT v.id, v.product_id, v.sku, v.description, c.value AS colour, sz.value AS size,
  dense_rank() OVER (PARTITION BY v.product_id ORDER BY c.first_position) - 1 AS colour_rank
FROM product_variants v
JOIN scale_templates t ON t.id = v.product_id
JOIN colour c ON c.variant_id = v.id
JOIN variant_attributes sz ON sz.variant_id = v.id AND sz.attribute_name = 'size';

CREATE TEMP TABLE scale_variants AS
SELECT s.id AS product_id, s.g, s.name AS product_name, s.price, tv.id AS template_variant_id, tv.colour, sz.size, sz.size_description,
  split_part(tv.sku, '-', 1) || lpad(s.g::text, 4, '0') || '-' || split_part(tv.sku, '-', 2) || '-' ||
    CASE WHEN sz.size = 'XS' THEN 'XS' ELSE split_part(tv.sku, '-', 3) END AS sku,
  replace(replace(tv.description, s.template_name, s.name), ' · ' || tv.size || ' · ', ' · ' || sz.size || ' · ') AS description,
  split_part(tv.description, ' · ', 4) || ' · ' || split_part(tv.description, ' · ', 5) AS fabric,
  row_number() OVER (PARTITION BY s.id ORDER BY tv.colour_rank, sz.n) - 1 AS position
FROM scale_products s
JOIN scale_template_variants tv ON tv.product_id = s.template_id AND tv.colour_rank < s.colours
JOIN (VALUES ('XS', 'S/M', 'Extra small', 0), ('S/M', 'S/M', NULL, 1), ('L/XL', 'L/XL', NULL, 2)) AS sz(size, from_size, size_description, n)
  ON sz.from_size = tv.size AND (sz.n > 0 OR s.extra_size);

INSERT INTO product_variants (product_id, sku, description, price, stock_quantity, is_listed, listing_description, position)
SELECT product_id, sku, description, price,
  CASE WHEN (g + position) % 6 = 0 THEN 0 ELSE 3 + (g * 13 + position * 7) % 40 END,
  g % 12 = 0 AND position = 1,
  CASE WHEN g % 12 = 0 AND position = 1 THEN colour || ' ' || size || ' · ' || fabric || '. ' || product_name || ' in ' || lower(colour) || ', listed on its own.' END,
  position
FROM scale_variants;

INSERT INTO variant_attributes (variant_id, attribute_name, value, value_description, "order")
SELECT v.id, a.attribute_name,
  CASE WHEN a.attribute_name = 'size' THEN sv.size ELSE a.value END,
  CASE WHEN a.attribute_name = 'size' AND sv.size_description IS NOT NULL THEN sv.size_description ELSE a.value_description END,
  a."order"
FROM scale_variants sv JOIN product_variants v ON v.sku = sv.sku JOIN variant_attributes a ON a.variant_id = sv.template_variant_id;

INSERT INTO images (variant_id, type, filename, url, bucket_name, storage_path, width, height, alt, "order", focal_x, focal_y)
SELECT v.id, i.type, i.filename, i.url, i.bucket_name, i.storage_path, i.width, i.height,
  replace(i.alt, split_part(i.alt, ' in ', 1), sv.product_name), i."order", i.focal_x, i.focal_y
FROM scale_variants sv JOIN product_variants v ON v.sku = sv.sku JOIN images i ON i.variant_id = sv.template_variant_id;

DROP TABLE scale_variants, scale_template_variants, scale_products, scale_plan, scale_templates;
`;

/** A registered customer ($1 email, $2 password hash). */
const CUSTOMER_INSERT = `
INSERT INTO users (email, user_type, password_hash, first_name, last_name, email_verified_at, created_at, updated_at)
VALUES ($1, 'registered', $2, 'Bench', 'Customer', now(), now() - interval '3 years', now())
RETURNING id`;

/** $2 orders of the customer $1 over the past years, one or two lines each. */
const CUSTOMER_ORDERS = `
INSERT INTO purchases (user_id, email, status, subtotal, shipping_cost, tax, total, payment_method, first_time_purchase_info, created_at)
SELECT u.id, u.email, (ARRAY['Processing', 'Shipped', 'Delivered', 'Delivered'])[1 + g % 4], 9000, 0, 1623, 9000, 'Credit Card',
  '{"has_new_items": false, "new_items": [], "unlocked_cards": []}', now() - g * interval '2 days'
FROM users u CROSS JOIN generate_series(1, $2::int) AS g WHERE u.id = $1`;

const CUSTOMER_ORDER_LINES = `
WITH v AS (
  SELECT v.id, v.product_id, v.sku, v.description, p.name, row_number() OVER (ORDER BY v.sku) - 1 AS n
  FROM product_variants v JOIN products p ON p.id = v.product_id
),
o AS (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM purchases WHERE user_id = $1),
lines AS (SELECT o.id AS purchase_id, o.n, line FROM o CROSS JOIN generate_series(0, 1) AS line WHERE line = 0 OR o.n % 2 = 0)
INSERT INTO purchase_items (purchase_id, product_id, variant_id, name, sku, variant_description, quantity, unit_price, position)
SELECT lines.purchase_id, v.product_id, v.id, v.name, v.sku, v.description, 1, 4500, lines.line
FROM lines JOIN v ON v.n = (lines.n * 11 + lines.line * 5) % (SELECT count(*) FROM product_variants)`;

/** Writes the scale data through `db` ({ exec(sql), query(sql, params) }); the seconds it took and what is there. */
export async function fillShop(db) {
  const started = Date.now();
  await db.exec(CATALOGUE_FILL);
  log(`  products in ${round((Date.now() - started) / 1000, 1)} s`);
  await db.exec(ORDERS_FILL);
  log(`  orders in ${round((Date.now() - started) / 1000, 1)} s`);
  for (const customer of [CUSTOMER, FEW]) await addCustomer(db, customer);
  await db.exec('ANALYZE');
  const [counts] = await db.query(`SELECT
    (SELECT count(*) FROM products WHERE archived_at IS NULL)::int AS products,
    (SELECT count(*) FROM product_variants)::int AS variants,
    (SELECT count(*) FROM images)::int AS images,
    (SELECT count(*) FROM purchases)::int AS orders,
    (SELECT count(DISTINCT user_id) FROM purchases)::int AS customers`);
  if (counts.products < PRODUCTS) throw new Error(`only ${counts.products} products after the fill`);
  return { seconds: round((Date.now() - started) / 1000, 1), ...counts };
}

/** $2 back-in-stock requests of the email $1: sold-out variants first, then others (docs/product.md#wishlist). */
const CUSTOMER_WISHLIST = `
INSERT INTO wishlist_entries (email, product_variant_id, created_at)
SELECT $1, v.id, now() FROM product_variants v ORDER BY v.stock_quantity > 0, v.sku LIMIT $2`;

/** A registered customer with PASSWORD, `orders` orders of one or two lines, and `wishlist` wishlist entries. */
export async function addCustomer(db, customer) {
  const passwordHash = await hash(PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const [{ id }] = await db.query(CUSTOMER_INSERT, [customer.email, passwordHash]);
  await db.query(CUSTOMER_ORDERS, [id, customer.orders]);
  await db.query(CUSTOMER_ORDER_LINES, [id]);
  if (customer.wishlist) await db.query(CUSTOMER_WISHLIST, [customer.email, customer.wishlist]);
}

export function pgliteDb(dir) {
  const db = new PGlite(dir);
  return { exec: (sql) => db.exec(sql), query: async (sql, params) => (await db.query(sql, params)).rows, close: () => db.close() };
}

export async function postgresDb(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    exec: (sql) => client.query(sql),
    query: async (sql, params) => (await client.query(sql, params)).rows,
    close: () => client.end(),
  };
}
