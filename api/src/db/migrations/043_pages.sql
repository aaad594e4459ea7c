-- Content pages the owner edits in the back office (issue #42, ADR 068): the four policies and the
-- owner's own pages ('Size guide'), each with its versions in both languages. A page's address
-- changes only by its slug; an old slug keeps redirecting to the page for good.
CREATE TABLE pages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The shop's own pages, which its code links to at fixed addresses ('privacy-policy', ...); null for an owner's page.
  builtin text UNIQUE,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 80),
  -- The last version written, and the one shoppers see (null: a draft nobody sees yet).
  latest_version integer NOT NULL DEFAULT 0,
  published_version integer,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE page_versions (
  page_id uuid NOT NULL REFERENCES pages (id) ON DELETE CASCADE,
  number integer NOT NULL,
  title_en text NOT NULL CHECK (length(title_en) BETWEEN 1 AND 120),
  title_it text NOT NULL CHECK (length(title_it) <= 120),
  description_en text NOT NULL CHECK (length(description_en) <= 300),
  description_it text NOT NULL CHECK (length(description_it) <= 300),
  body_en text NOT NULL CHECK (length(body_en) <= 100000),
  body_it text NOT NULL CHECK (length(body_it) <= 100000),
  created_at timestamptz NOT NULL,
  -- The staff member's email, 'cli', or 'seed' for the texts the shop started with.
  created_by text NOT NULL,
  PRIMARY KEY (page_id, number)
);

CREATE TABLE page_slug_redirects (
  old_slug text PRIMARY KEY,
  page_id uuid NOT NULL REFERENCES pages (id) ON DELETE CASCADE
);
