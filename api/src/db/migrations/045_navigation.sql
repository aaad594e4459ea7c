-- The shop's navigation is data the owner edits (issue 42, ADR 071): the header's Products menu is one
-- group, the footer's columns are the others; each group lists its links in the owner's order. A link
-- points at a product, a category or a content page (by id: a rename keeps it, a removal takes it off
-- the menu), an outside address, a path of the shop, or 'catalogue', which stands for the catalogue's
-- products and categories as the menu drew them before, so a new product appears there by itself.
CREATE TABLE navigation_groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  menu text NOT NULL CHECK (menu IN ('header', 'footer')),
  -- Names the group's heading in the page ('footer-shop'); the seeded ones keep today's.
  key text NOT NULL UNIQUE CHECK (key ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(key) <= 40),
  heading_en text NOT NULL CHECK (heading_en = btrim(heading_en) AND length(heading_en) BETWEEN 1 AND 60),
  -- Empty: the Italian pages show the English.
  heading_it text NOT NULL DEFAULT '' CHECK (heading_it = btrim(heading_it) AND length(heading_it) <= 60),
  position integer NOT NULL CHECK (position > 0),
  -- Checked at the end of a transaction, so two groups can swap places in it.
  CONSTRAINT navigation_groups_place UNIQUE (menu, position) DEFERRABLE INITIALLY DEFERRED
);
-- The header has one menu, the Products menu.
CREATE UNIQUE INDEX navigation_groups_one_header ON navigation_groups (menu) WHERE menu = 'header';

CREATE TABLE navigation_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  group_id uuid NOT NULL REFERENCES navigation_groups (id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position > 0),
  kind text NOT NULL CHECK (kind IN ('catalogue', 'product', 'category', 'page', 'url', 'path')),
  product_id uuid REFERENCES products (id) ON DELETE CASCADE,
  category_id uuid REFERENCES categories (id) ON DELETE CASCADE,
  page_id uuid REFERENCES pages (id) ON DELETE CASCADE,
  -- An outside address (https://...) or a shop path (/contact); '' for the other kinds.
  target text NOT NULL DEFAULT '' CHECK (length(target) <= 500),
  -- Empty: the product's, category's or page's own name (required for an address or a path).
  label_en text NOT NULL DEFAULT '' CHECK (label_en = btrim(label_en) AND length(label_en) <= 80),
  label_it text NOT NULL DEFAULT '' CHECK (label_it = btrim(label_it) AND length(label_it) <= 80),
  -- Raised by every edit: an edit made from an older version is refused rather than lost.
  version integer NOT NULL DEFAULT 1,
  CONSTRAINT navigation_items_place UNIQUE (group_id, position) DEFERRABLE INITIALLY DEFERRED,
  CHECK ((kind = 'product') = (product_id IS NOT NULL)),
  CHECK ((kind = 'category') = (category_id IS NOT NULL)),
  CHECK ((kind = 'page') = (page_id IS NOT NULL)),
  CHECK ((kind IN ('url', 'path')) = (target <> '')),
  CHECK (kind NOT IN ('url', 'path') OR label_en <> '')
);
CREATE INDEX navigation_items_product ON navigation_items (product_id) WHERE product_id IS NOT NULL;
CREATE INDEX navigation_items_category ON navigation_items (category_id) WHERE category_id IS NOT NULL;
CREATE INDEX navigation_items_page ON navigation_items (page_id) WHERE page_id IS NOT NULL;

-- The header and the footer as the shop drew them from its code until now, word for word in both languages.
INSERT INTO navigation_groups (menu, key, heading_en, heading_it, position) VALUES
  ('header', 'products', 'Products', 'Prodotti', 1),
  ('footer', 'shop', 'Shop', 'Negozio', 1),
  ('footer', 'account', 'Account', 'Account', 2),
  ('footer', 'policies', 'Policies', 'Informative', 3),
  ('footer', 'support', 'Support', 'Assistenza', 4);

INSERT INTO navigation_items (group_id, position, kind, target, label_en, label_it)
SELECT g.id, i.position, i.kind, i.target, i.label_en, i.label_it
FROM navigation_groups g
JOIN (VALUES
  ('products', 1, 'catalogue', '', '', ''),
  ('products', 2, 'path', '/', 'All products', 'Tutti i prodotti'),
  ('shop', 1, 'path', '/', 'All products', 'Tutti i prodotti'),
  ('shop', 2, 'catalogue', '', '', ''),
  ('shop', 3, 'path', '/gift-cards', 'Gift cards', 'Carte regalo'),
  ('account', 1, 'path', '/profile', 'Profile', 'Profilo'),
  ('account', 2, 'path', '/orders', 'Orders', 'Ordini'),
  ('account', 3, 'path', '/cart', 'Cart', 'Carrello'),
  ('account', 4, 'path', '/register', 'Create account', 'Crea un account'),
  ('policies', 1, 'path', '/privacy-policy', 'Privacy Policy', 'Informativa sulla privacy'),
  ('policies', 2, 'path', '/return-policy', 'Return Policy', 'Politica di reso'),
  ('policies', 3, 'path', '/terms-and-conditions', 'Terms and Conditions', 'Termini e condizioni'),
  ('policies', 4, 'path', '/website-use-agreement', 'Website Use Agreement', 'Condizioni d''uso del sito'),
  ('support', 1, 'path', '/contact', 'Contact us', 'Contattaci'),
  ('support', 2, 'path', '/contact?reason=purchase_error', 'Problem with a purchase', 'Problemi con un acquisto'),
  ('support', 3, 'path', '/return-policy', 'Returns', 'Resi'),
  ('support', 4, 'path', '/about', 'About us', 'Chi siamo')
) AS i (group_key, position, kind, target, label_en, label_it) ON i.group_key = g.key;
