-- hand-written (decision 0080): one row per word of each published listing's text (each lexeme of its
-- text copy's vector), with the listing's point and its rank for that word alone, kept by
-- statement-level triggers on the text copy in the statement that changes it. A search for one word,
-- alone or in a map box, reads the word's rows in the B-tree on (word, point) instead of testing and
-- ranking every vector of the box's latitude band, or every row holding the word.
CREATE TABLE "listing_search_words" (
  "lexeme" text COLLATE "C" NOT NULL,
  "listing_id" uuid NOT NULL,
  -- Both null unless the listing has both: a posting is in a box, or in none.
  "latitude" double precision,
  "longitude" double precision,
  "rank" real NOT NULL
);--> statement-breakpoint
-- `ts_rank` of a vector for a query of one lexeme, as the search ranks the word's matches: the
-- query is the lexeme quoted as a vector's text (both types quote a lexeme alike), so any lexeme the
-- parser keeps whole (an address, a word with signs) reads back as itself.
CREATE FUNCTION hora_word_rank(vector tsvector, lexeme text) RETURNS real
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT ts_rank(vector, array_to_tsvector(ARRAY[lexeme])::text::tsquery) $$;--> statement-breakpoint
-- The postings of one text copy: a row per lexeme (each once), the point only when whole. Inlined
-- where it is called (one SELECT), so the fill and the triggers read their rows without copying them.
CREATE FUNCTION hora_search_words(copy_id uuid, vector tsvector, lat double precision, lng double precision)
  RETURNS TABLE (lexeme text, listing_id uuid, latitude double precision, longitude double precision, rank real)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT w.lexeme, copy_id, CASE WHEN lng IS NOT NULL THEN lat END, CASE WHEN lat IS NOT NULL THEN lng END,
    hora_word_rank(vector, w.lexeme) FROM unnest(tsvector_to_array(vector)) w(lexeme) $$;--> statement-breakpoint
-- Removes the postings of one text copy as it was: a range of the B-tree by its words and point.
CREATE FUNCTION hora_remove_search_words(copy_id uuid, vector tsvector, lat double precision, lng double precision)
  RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF lat IS NULL OR lng IS NULL THEN
    DELETE FROM listing_search_words w WHERE w.lexeme = ANY (tsvector_to_array(vector))
      AND w.latitude IS NULL AND w.longitude IS NULL AND w.listing_id = copy_id;
  ELSE
    DELETE FROM listing_search_words w WHERE w.lexeme = ANY (tsvector_to_array(vector))
      AND w.latitude = lat AND w.longitude = lng AND w.listing_id = copy_id;
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION hora_listing_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Read only from the transition tables each trigger declares; copies are removed one by one (a
  -- statement joining a transition table could be planned as a scan of the whole table).
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE "listing_search_words";
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO listing_search_words (lexeme, listing_id, latitude, longitude, rank)
    SELECT p.lexeme, p.listing_id, p.latitude, p.longitude, p.rank
    FROM new_rows n, hora_search_words(n.listing_id, n.search_vector, n.latitude, n.longitude) p;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM hora_remove_search_words(o.listing_id, o.search_vector, o.latitude, o.longitude) FROM old_rows o;
  ELSE
    -- An update moves only the copies that changed their key, vector or point (a price, categories
    -- or capacity touch no posting): an old row no new row repeats loses its postings, a new row no
    -- old row repeats gains them.
    PERFORM hora_remove_search_words(o.listing_id, o.search_vector, o.latitude, o.longitude) FROM old_rows o
    WHERE NOT EXISTS (SELECT FROM new_rows n WHERE n.listing_id = o.listing_id
      AND n.search_vector = o.search_vector AND n.latitude IS NOT DISTINCT FROM o.latitude
      AND n.longitude IS NOT DISTINCT FROM o.longitude);
    INSERT INTO listing_search_words (lexeme, listing_id, latitude, longitude, rank)
    SELECT p.lexeme, p.listing_id, p.latitude, p.longitude, p.rank
    FROM new_rows n, hora_search_words(n.listing_id, n.search_vector, n.latitude, n.longitude) p
    WHERE NOT EXISTS (SELECT FROM old_rows o WHERE o.listing_id = n.listing_id
      AND o.search_vector = n.search_vector AND o.latitude IS NOT DISTINCT FROM n.latitude
      AND o.longitude IS NOT DISTINCT FROM n.longitude);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- No write to the copy may fall between the fill and the triggers: it would never be posted.
LOCK TABLE "listing_search_text" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "listing_search_words" ("lexeme", "listing_id", "latitude", "longitude", "rank")
SELECT p.lexeme, p.listing_id, p.latitude, p.longitude, p.rank
FROM "listing_search_text" t, hora_search_words(t.listing_id, t.search_vector, t.latitude, t.longitude) p;--> statement-breakpoint
-- Unique, nulls equal: a posting twice (a restore of data into a migrated database, a hand fix)
-- fails loudly rather than showing a listing twice.
CREATE UNIQUE INDEX "listing_search_words_point_idx" ON "listing_search_words"
  ("lexeme", "latitude", "longitude", "listing_id") INCLUDE ("rank") NULLS NOT DISTINCT;--> statement-breakpoint
CREATE TRIGGER "listing_search_text_words_insert" AFTER INSERT ON "listing_search_text"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hora_listing_search_words();--> statement-breakpoint
CREATE TRIGGER "listing_search_text_words_update" AFTER UPDATE ON "listing_search_text"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hora_listing_search_words();--> statement-breakpoint
CREATE TRIGGER "listing_search_text_words_delete" AFTER DELETE ON "listing_search_text"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hora_listing_search_words();--> statement-breakpoint
CREATE TRIGGER "listing_search_text_words_truncate" AFTER TRUNCATE ON "listing_search_text"
  FOR EACH STATEMENT EXECUTE FUNCTION hora_listing_search_words();
