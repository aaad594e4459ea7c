-- The back office speaks English or Italian, as each member chose (issue #38, ADR 072): the choice is
-- kept with the member, so it follows them to any browser they sign in from.
ALTER TABLE staff ADD COLUMN locale text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'it'));
