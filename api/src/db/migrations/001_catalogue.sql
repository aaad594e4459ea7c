-- Catalogue: products, their categories, variants with attributes, images and size charts.
CREATE TABLE categories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE
);

CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE,
  short_description text NOT NULL DEFAULT '',
  long_description text NOT NULL DEFAULT '',
  price integer NOT NULL CHECK (price >= 0),
  launch_date timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE product_categories (
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  category_id uuid NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, category_id)
);

CREATE TABLE size_charts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid NOT NULL UNIQUE REFERENCES products (id) ON DELETE CASCADE,
  chart jsonb NOT NULL
);

CREATE TABLE product_variants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  sku text NOT NULL UNIQUE,
  description text NOT NULL DEFAULT '',
  price integer NOT NULL CHECK (price >= 0),
  stock_quantity integer NOT NULL DEFAULT 0 CHECK (stock_quantity >= 0),
  -- A listed variant also appears on its own in the product listing (is_variant_listing).
  is_listed boolean NOT NULL DEFAULT false,
  listing_description text,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX product_variants_product_idx ON product_variants (product_id, position);

CREATE TABLE variant_attributes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  variant_id uuid NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
  attribute_name text NOT NULL,
  value text NOT NULL,
  value_description text,
  "order" integer NOT NULL DEFAULT 0,
  UNIQUE (variant_id, attribute_name)
);

CREATE TABLE images (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id uuid REFERENCES products (id) ON DELETE CASCADE,
  variant_id uuid REFERENCES product_variants (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('product', 'featured', 'background')),
  filename text,
  url text,
  bucket_name text NOT NULL DEFAULT 'product-images',
  storage_path text,
  width integer,
  height integer,
  alt text NOT NULL DEFAULT '',
  "order" integer NOT NULL DEFAULT 0,
  CHECK ((product_id IS NULL) <> (variant_id IS NULL)),
  CHECK (url IS NOT NULL OR (filename IS NOT NULL AND storage_path IS NOT NULL))
);
CREATE INDEX images_product_idx ON images (product_id);
CREATE INDEX images_variant_idx ON images (variant_id);
