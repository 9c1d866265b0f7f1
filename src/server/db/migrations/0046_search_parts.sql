-- The trigram indexes of users and lahan again in 8 parts by id (tables/columns.ts trgmParts): a search's capped
-- count reads part after part and stops in the part that reaches the cap, rather than a bitmap of every match.
-- The statistics of `id % 8` tell the planner that each part holds an eighth of the rows (without them it takes
-- a part for 0.5 % of them and reads the parts in parallel workers, all at once); ANALYZE gathers them now.
CREATE INDEX "lahan_search_trgm_p0" ON "lahan" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE "lahan"."id" % 8 = 0;--> statement-breakpoint
CREATE INDEX "lahan_search_trgm_p1" ON "lahan" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE "lahan"."id" % 8 = 1;--> statement-breakpoint
CREATE INDEX "lahan_search_trgm_p2" ON "lahan" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE "lahan"."id" % 8 = 2;--> statement-breakpoint
CREATE INDEX "lahan_search_trgm_p3" ON "lahan" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE "lahan"."id" % 8 = 3;--> statement-breakpoint
CREATE INDEX "lahan_search_trgm_p4" ON "lahan" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE "lahan"."id" % 8 = 4;--> statement-breakpoint
CREATE INDEX "lahan_search_trgm_p5" ON "lahan" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE "lahan"."id" % 8 = 5;--> statement-breakpoint
CREATE INDEX "lahan_search_trgm_p6" ON "lahan" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE "lahan"."id" % 8 = 6;--> statement-breakpoint
CREATE INDEX "lahan_search_trgm_p7" ON "lahan" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE "lahan"."id" % 8 = 7;--> statement-breakpoint
CREATE INDEX "users_search_trgm_p0" ON "users" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE "users"."id" % 8 = 0;--> statement-breakpoint
CREATE INDEX "users_search_trgm_p1" ON "users" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE "users"."id" % 8 = 1;--> statement-breakpoint
CREATE INDEX "users_search_trgm_p2" ON "users" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE "users"."id" % 8 = 2;--> statement-breakpoint
CREATE INDEX "users_search_trgm_p3" ON "users" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE "users"."id" % 8 = 3;--> statement-breakpoint
CREATE INDEX "users_search_trgm_p4" ON "users" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE "users"."id" % 8 = 4;--> statement-breakpoint
CREATE INDEX "users_search_trgm_p5" ON "users" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE "users"."id" % 8 = 5;--> statement-breakpoint
CREATE INDEX "users_search_trgm_p6" ON "users" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE "users"."id" % 8 = 6;--> statement-breakpoint
CREATE INDEX "users_search_trgm_p7" ON "users" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false) WHERE "users"."id" % 8 = 7;--> statement-breakpoint
CREATE STATISTICS "users_search_part_stats" ON (("id" % 8)) FROM "users";--> statement-breakpoint
CREATE STATISTICS "lahan_search_part_stats" ON (("id" % 8)) FROM "lahan";--> statement-breakpoint
ANALYZE "users";--> statement-breakpoint
ANALYZE "lahan";
