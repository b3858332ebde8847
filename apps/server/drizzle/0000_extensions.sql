-- Extensions every later migration relies on: btree_gist lets an exclusion constraint mix equality
-- (listing id) with range overlap (booking time), and unaccent folds accents for Spanish search.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE, so it cannot appear in an index expression; this wrapper pins the
-- dictionary and is IMMUTABLE.
CREATE OR REPLACE FUNCTION hora_unaccent(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, input) $$;
--> statement-breakpoint
-- Accent-insensitive Spanish full-text search: "cafetería" and "cafeteria" share one lexeme.
CREATE TEXT SEARCH CONFIGURATION hora_spanish (COPY = pg_catalog.spanish);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION hora_spanish
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, spanish_stem;
