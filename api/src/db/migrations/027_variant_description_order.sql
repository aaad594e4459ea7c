-- The seeded variants' descriptions named the size second ("Padded Tee · GREY · L/XL · COTTON ·
-- PLAIN"); the shop lists an item's attributes colour, treatment, material, then size. Rewritten in
-- that order; what past orders recorded stays as it was sold.
UPDATE product_variants
SET description = regexp_replace(description, '^(.+) · ([^·]+) · (S/M|L/XL) · ([^·]+) · ([^·]+)$', '\1 · \2 · \5 · \4 · \3')
WHERE description ~ '^.+ · [^·]+ · (S/M|L/XL) · [^·]+ · [^·]+$';
