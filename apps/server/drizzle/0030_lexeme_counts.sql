-- hand-written (decision 0068): how many published listings hold each word (each lexeme of their text
-- vectors), kept by statement-level triggers on the text copy in the statement that changes it, so a
-- search by one word alone reads its total instead of counting its matches' rows. A word no
-- published listing holds has no row.
CREATE TABLE "listing_lexeme_counts" (
  "lexeme" text COLLATE "C" PRIMARY KEY,
  "listings" integer NOT NULL
);--> statement-breakpoint
-- No write to the copy may fall between the fill and the triggers: it would never be counted.
LOCK TABLE "listing_search_text" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "listing_lexeme_counts" ("lexeme", "listings")
SELECT w.lexeme, count(*) FROM "listing_search_text" t, unnest(tsvector_to_array(t."search_vector")) w(lexeme)
GROUP BY w.lexeme;--> statement-breakpoint
-- Adds each word's change to its count, in the words' byte order: two statements that change the same
-- words lock their rows in one order. A word no published listing holds any more is forgotten.
CREATE FUNCTION hora_add_lexeme_counts(lexemes text[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  emptied text[];
BEGIN
  WITH counted AS (
    INSERT INTO listing_lexeme_counts AS c (lexeme, listings)
    SELECT w, d FROM unnest(lexemes, deltas) u(w, d) ORDER BY w COLLATE "C"
    ON CONFLICT (lexeme) DO UPDATE SET listings = c.listings + excluded.listings
    RETURNING c.lexeme, c.listings)
  SELECT array_agg(lexeme) INTO emptied FROM counted WHERE listings = 0;
  IF emptied IS NOT NULL THEN
    DELETE FROM listing_lexeme_counts WHERE lexeme = ANY (emptied) AND listings = 0;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION hora_listing_lexeme_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lexemes text[];
  deltas integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE "listing_lexeme_counts";
    RETURN NULL;
  END IF;
  -- Each lexeme of a vector (`tsvector_to_array` gives each once) counts 1 where the copy gains the
  -- vector and -1 where it loses it, read only from the transition tables its trigger declares (plain
  -- statements, planned once per session); an update counts only the rows whose vector changed.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(w), array_agg(d) INTO lexemes, deltas FROM (
      SELECT w, count(*)::integer AS d FROM new_rows n, unnest(tsvector_to_array(n.search_vector)) w GROUP BY w) c;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(w), array_agg(d) INTO lexemes, deltas FROM (
      SELECT w, -count(*)::integer AS d FROM old_rows o, unnest(tsvector_to_array(o.search_vector)) w GROUP BY w) c;
  ELSE
    SELECT array_agg(w), array_agg(d) INTO lexemes, deltas FROM (
      SELECT c.w, sum(c.d)::integer AS d FROM old_rows o JOIN new_rows n USING (listing_id), LATERAL (
          SELECT w, -1 FROM unnest(tsvector_to_array(o.search_vector)) w
          UNION ALL SELECT w, 1 FROM unnest(tsvector_to_array(n.search_vector)) w) c(w, d)
        WHERE o.search_vector IS DISTINCT FROM n.search_vector
        GROUP BY c.w HAVING sum(c.d) <> 0) c;
  END IF;
  IF lexemes IS NOT NULL THEN
    PERFORM hora_add_lexeme_counts(lexemes, deltas);
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
