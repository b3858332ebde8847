-- hand-written (decision 0081): every keyword search reads the text copy of published listings
-- (`listing_search_text`, decision 0051, and its postings, decision 0080), never the listings' own
-- vector, so its GIN index only cost each listing's write and 11 MB at 100 000 listings.
DROP INDEX IF EXISTS "listings_search_vector_idx";
