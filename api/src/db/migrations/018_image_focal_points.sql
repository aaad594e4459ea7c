-- The point of an image that must stay in view when a box crops it (a card, the gallery), in percent
-- of its width and height; the centre unless the owner chose another when uploading it.
ALTER TABLE images ADD COLUMN focal_x smallint NOT NULL DEFAULT 50 CHECK (focal_x BETWEEN 0 AND 100);
ALTER TABLE images ADD COLUMN focal_y smallint NOT NULL DEFAULT 50 CHECK (focal_y BETWEEN 0 AND 100);
