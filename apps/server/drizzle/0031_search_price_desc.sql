-- hand-written (decision 0070): the "highest price" order (`price_amount desc nulls last, id desc`)
-- as an index gives it, read backwards. The price index of 0006 read backwards gives the prices
-- high to low with the listings without a price (ranges only) first, so that order sorted every
-- match instead: 36 ms for the whole country and 20–27 ms for Madrid's box at 100 000 listings,
-- against 0.03 ms for the lowest price first.
CREATE INDEX "listings_search_price_desc_idx" ON "listings" ("price_amount" NULLS FIRST, "id")
  INCLUDE ("longitude", "latitude") WHERE "state" = 'published';
