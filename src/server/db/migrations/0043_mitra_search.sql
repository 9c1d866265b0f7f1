-- The mitra's own trigram index (tables/people.ts): a mitra's search counts through their matches only (1M accounts,
-- budi: 1,826 mitra of 22,900 accounts), 39-60 ms -> 1.1-1.5 ms.
CREATE INDEX "users_mitra_search_trgm" ON "users" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE "users"."role" = 'mitra';
