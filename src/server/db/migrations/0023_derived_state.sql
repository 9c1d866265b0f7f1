-- Functions, procedures, triggers and views are defined once, in src/server/db/functions/, and applied after the
-- migrations at start when they or the migrations changed (db/functions/apply.ts). This one row holds what was
-- applied last: the sources' hash and the newest migration then.
CREATE TABLE "derived_state" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("id"),
	"applied" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Obsolete since 0019: it attached the generic list_counts_track(), which 0019 dropped, so calling it failed.
-- A table gets its counters from one line in db/functions/50-list-counts.sql (list_counts_plan).
DROP PROCEDURE list_counts_attach(text, text, text, text);
