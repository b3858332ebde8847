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
-- The postings of text copies: a row per lexeme, the point only when whole.
CREATE FUNCTION hora_add_search_words(copies listing_search_text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO listing_search_words (lexeme, listing_id, latitude, longitude, rank)
  SELECT w.lexeme, c.listing_id,
    CASE WHEN c.longitude IS NOT NULL THEN c.latitude END,
    CASE WHEN c.latitude IS NOT NULL THEN c.longitude END,
    hora_word_rank(c.search_vector, w.lexeme)
  FROM unnest(copies) c, unnest(tsvector_to_array(c.search_vector)) w(lexeme)
$$;--> statement-breakpoint
-- Removes the postings of text copies as they were, one copy at a time through the B-tree: its words
-- and point find its rows (a statement joining a transition table could read the whole table).
CREATE FUNCTION hora_remove_search_words(copies listing_search_text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  c listing_search_text;
BEGIN
  FOREACH c IN ARRAY copies LOOP
    IF c.latitude IS NULL OR c.longitude IS NULL THEN
      DELETE FROM listing_search_words w WHERE w.lexeme = ANY (tsvector_to_array(c.search_vector))
        AND w.latitude IS NULL AND w.listing_id = c.listing_id;
    ELSE
      DELETE FROM listing_search_words w WHERE w.lexeme = ANY (tsvector_to_array(c.search_vector))
        AND w.latitude = c.latitude AND w.longitude = c.longitude AND w.listing_id = c.listing_id;
    END IF;
  END LOOP;
END $$;--> statement-breakpoint
CREATE FUNCTION hora_listing_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone listing_search_text[];
  came listing_search_text[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    TRUNCATE "listing_search_words";
    RETURN NULL;
  END IF;
  -- Read only from the transition tables each trigger declares; an update moves only the copies
  -- whose vector or point changed (a price, categories or capacity touch no posting).
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(n) INTO came FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(o) INTO gone FROM old_rows o;
  ELSE
    SELECT array_agg(o), array_agg(n) INTO gone, came FROM old_rows o JOIN new_rows n USING (listing_id)
      WHERE (o.search_vector, o.latitude, o.longitude) IS DISTINCT FROM (n.search_vector, n.latitude, n.longitude);
  END IF;
  IF gone IS NOT NULL THEN
    PERFORM hora_remove_search_words(gone);
  END IF;
  IF came IS NOT NULL THEN
    PERFORM hora_add_search_words(came);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- No write to the copy may fall between the fill and the triggers: it would never be posted.
LOCK TABLE "listing_search_text" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
SELECT hora_add_search_words(array_agg(t)) FROM "listing_search_text" t;--> statement-breakpoint
CREATE INDEX "listing_search_words_point_idx" ON "listing_search_words" ("lexeme", "latitude", "longitude")
  INCLUDE ("rank", "listing_id");--> statement-breakpoint
CREATE TRIGGER "listing_search_text_words_insert" AFTER INSERT ON "listing_search_text"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hora_listing_search_words();--> statement-breakpoint
CREATE TRIGGER "listing_search_text_words_update" AFTER UPDATE ON "listing_search_text"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hora_listing_search_words();--> statement-breakpoint
CREATE TRIGGER "listing_search_text_words_delete" AFTER DELETE ON "listing_search_text"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hora_listing_search_words();--> statement-breakpoint
CREATE TRIGGER "listing_search_text_words_truncate" AFTER TRUNCATE ON "listing_search_text"
  FOR EACH STATEMENT EXECUTE FUNCTION hora_listing_search_words();
