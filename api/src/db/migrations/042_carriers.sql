-- Carriers are a list the owner edits (issue 42): a name and the address of its tracking page, where
-- {number} stands for the parcel's tracking number. Seeded with the four carriers the shop shipped with
-- (contract/tracking.ts), so links stay as they were.
CREATE TABLE carriers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (name = btrim(name) AND length(name) BETWEEN 1 AND 60),
  tracking_url_template text NOT NULL CHECK (tracking_url_template LIKE 'https://%' AND position('{number}' IN tracking_url_template) > 0),
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Names are matched as people type them in a CSV: "gls" is GLS.
CREATE UNIQUE INDEX carriers_name_key ON carriers (lower(name));

INSERT INTO carriers (name, tracking_url_template, position) VALUES
  ('GLS', 'https://gls-group.com/IT/it/servizi-online/ricerca-spedizioni/?match={number}', 1),
  ('BRT', 'https://vas.brt.it/vas/sped_det_show.hsm?Nspediz={number}', 2),
  ('DHL', 'https://www.dhl.com/it-it/home/tracking.html?tracking-id={number}', 3),
  ('Poste Italiane', 'https://www.poste.it/cerca/index.html#/risultati-spedizioni/{number}', 4);

-- The tracking page an order was shipped with, made from its carrier's template at that moment: a
-- carrier renamed or removed later leaves the buyer's link as it was mailed. NULL before this change.
ALTER TABLE purchases ADD COLUMN tracking_url text;
