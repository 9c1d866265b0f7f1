CREATE TABLE IF NOT EXISTS "platform_signing_key" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"p12" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_signing_key_one_row" CHECK ("platform_signing_key"."id" = 1)
);
