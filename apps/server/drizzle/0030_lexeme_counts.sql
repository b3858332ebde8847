-- hand-written (decision 0068): how many published listings hold each word (each lexeme of their text
-- vectors), kept by statement-level triggers on the text copy in the statement that changes it, so a
-- search by one word alone reads its total instead of counting its matches' rows. A word no
-- published listing holds has no row.
CREATE TABLE "listing_lexeme_counts" (
  "lexeme" text COLLATE "C" PRIMARY KEY,
  "listings" integer NOT NULL
);--> statement-breakpoint
INSERT INTO "listing_lexeme_counts" ("lexeme", "listings")
SELECT w.lexeme, count(*) FROM "listing_search_text" t, unnest(tsvector_to_array(t."search_vector")) w(lexeme)
GROUP BY w.lexeme;--> statement-breakpoint
CREATE FUNCTION hora_listing_lexeme_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text;
  emptied text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE "listing_lexeme_counts";
    RETURN NULL;
  END IF;
  -- Each lexeme of a vector (`tsvector_to_array` gives each once) counts 1 where the copy gains the
  -- vector and -1 where it loses it, read only from the transition tables its trigger declares; an
  -- update counts only the rows whose vector changed.
  changes := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT w, 1 FROM new_rows n, unnest(tsvector_to_array(n.search_vector)) w'
    WHEN 'DELETE' THEN 'SELECT w, -1 FROM old_rows o, unnest(tsvector_to_array(o.search_vector)) w'
    ELSE 'SELECT c.w, c.d FROM old_rows o JOIN new_rows n USING (listing_id), LATERAL (
        SELECT w, -1 FROM unnest(tsvector_to_array(o.search_vector)) w
        UNION ALL SELECT w, 1 FROM unnest(tsvector_to_array(n.search_vector)) w) c(w, d)
      WHERE o.search_vector IS DISTINCT FROM n.search_vector'
  END;
  -- In the lexemes' order: two statements that change the same words lock their rows in one order.
  EXECUTE format($sql$
    WITH counted AS (
      INSERT INTO listing_lexeme_counts AS c (lexeme, listings)
      SELECT w, sum(d) FROM (%s) changes(w, d) GROUP BY w HAVING sum(d) <> 0 ORDER BY w COLLATE "C"
      ON CONFLICT (lexeme) DO UPDATE SET listings = c.listings + excluded.listings
      RETURNING c.lexeme, c.listings)
    SELECT array_agg(lexeme) FROM counted WHERE listings = 0$sql$, changes) INTO emptied;
  IF emptied IS NOT NULL THEN
    DELETE FROM listing_lexeme_counts WHERE lexeme = ANY (emptied) AND listings = 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "listing_search_text_lexemes_insert" AFTER INSERT ON "listing_search_text"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hora_listing_lexeme_counts();--> statement-breakpoint
CREATE TRIGGER "listing_search_text_lexemes_update" AFTER UPDATE ON "listing_search_text"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hora_listing_lexeme_counts();--> statement-breakpoint
CREATE TRIGGER "listing_search_text_lexemes_delete" AFTER DELETE ON "listing_search_text"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hora_listing_lexeme_counts();--> statement-breakpoint
CREATE TRIGGER "listing_search_text_lexemes_truncate" AFTER TRUNCATE ON "listing_search_text"
  FOR EACH STATEMENT EXECUTE FUNCTION hora_listing_lexeme_counts();
