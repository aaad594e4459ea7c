-- The seeded variants' descriptions named their options by code, size second ("Padded Tee · GREY ·
-- L/XL · COTTON · PLAIN"). They are written again as the shop shows options to shoppers: each value's
-- description ("Concrete grey"), colour, treatment and material before size. What past orders
-- recorded stays as it was sold.
UPDATE product_variants v
SET description = p.name || ' · ' || (
  SELECT string_agg(coalesce(nullif(btrim(a.value_description), ''), a.value), ' · ' ORDER BY a."order", a.attribute_name)
  FROM variant_attributes a WHERE a.variant_id = v.id)
FROM products p
WHERE p.id = v.product_id
  AND v.description ~ '^.+ · [^·]+ · (S/M|L/XL) · [^·]+ · [^·]+$'
  AND EXISTS (SELECT 1 FROM variant_attributes a WHERE a.variant_id = v.id);
