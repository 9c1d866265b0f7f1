CREATE TABLE "contract_advances" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contract_advances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contract_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"amount" bigint NOT NULL,
	"date" date NOT NULL,
	"note" text,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	CONSTRAINT "contract_advances_kind_check" CHECK ("contract_advances"."kind" in ('benih', 'pupuk', 'pestisida', 'uang_tunai', 'lainnya')),
	CONSTRAINT "contract_advances_amount_check" CHECK ("contract_advances"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "contract_payments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contract_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contract_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"method" varchar(10) NOT NULL,
	"reference" varchar(100) NOT NULL,
	"date" date NOT NULL,
	"photo_document_id" integer,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	CONSTRAINT "contract_payments_method_check" CHECK ("contract_payments"."method" in ('transfer', 'e_wallet', 'tunai')),
	CONSTRAINT "contract_payments_amount_check" CHECK ("contract_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "contract_deliveries" RENAME COLUMN "quantity" TO "accepted_quantity";--> statement-breakpoint
ALTER TABLE "contract_deliveries" DROP CONSTRAINT "contract_deliveries_grade_check";--> statement-breakpoint
ALTER TABLE "contract_events" DROP CONSTRAINT "contract_events_action_check";--> statement-breakpoint
ALTER TABLE "contract_deliveries" ALTER COLUMN "grade" SET DATA TYPE varchar(8);--> statement-breakpoint
ALTER TABLE "contract_events" ALTER COLUMN "action" SET DATA TYPE varchar(16);--> statement-breakpoint
DO $$
DECLARE fractional integer;
BEGIN
  SELECT count(*) INTO fractional FROM "contracts" WHERE "price" <> round("price");
  IF fractional > 0 THEN
    RAISE NOTICE 'prices in whole rupiah: % contract(s) had a price with sen, rounded half up', fractional;
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "contract_terms" ALTER COLUMN "price" SET DATA TYPE bigint USING round("price")::bigint;--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "price" SET DATA TYPE bigint USING round("price")::bigint;--> statement-breakpoint
ALTER TABLE "contract_deliveries" ADD COLUMN "lot_code" varchar(14);--> statement-breakpoint
ALTER TABLE "contract_deliveries" ADD COLUMN "gross_quantity" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "contract_deliveries" ADD COLUMN "rejected_quantity" numeric(14, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_deliveries" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "contract_deliveries" ADD COLUMN "value" bigint;--> statement-breakpoint
ALTER TABLE "contract_deliveries" ADD COLUMN "status" varchar(10) DEFAULT 'recorded' NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_deliveries" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "contract_deliveries" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contract_deliveries" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contract_deliveries" ADD COLUMN "resolved_by" integer;--> statement-breakpoint
ALTER TABLE "contract_deliveries" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "contract_deliveries" ADD COLUMN "paid_on" date;--> statement-breakpoint
ALTER TABLE "contract_terms" ADD COLUMN "prices" jsonb;--> statement-breakpoint
ALTER TABLE "contract_terms" ADD COLUMN "payment_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "prices" jsonb;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "payment_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "settled_gross" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "settled_advances" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "settled_paid" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "settled_pending" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "settled_outstanding" bigint GENERATED ALWAYS AS (greatest(greatest(settled_gross - settled_advances, 0) - settled_paid, 0)) STORED;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "payment_due_date" date;--> statement-breakpoint
-- The data of before: a contract's one price becomes grade A of its price table; a delivery weighed before is
-- all accepted, worth its quantity at that price whatever its grade (every grade was paid the one price), and
-- gets a lot code (upper-case hex is Crockford base32 too); what the mitra typed as amount_paid becomes a
-- payment by cash, confirmed when the delivery was; the contracts' settlement totals are computed once.
UPDATE "contracts" SET "prices" = jsonb_build_array(jsonb_build_object('grade', 'A', 'price', "price"));--> statement-breakpoint
UPDATE "contract_terms" SET "prices" = jsonb_build_array(jsonb_build_object('grade', 'A', 'price', "price"));--> statement-breakpoint
UPDATE "contract_deliveries" d SET
  "gross_quantity" = d."accepted_quantity",
  "value" = round(d."accepted_quantity" * c."price")::bigint,
  "status" = CASE WHEN d."confirmed_at" IS NULL THEN 'recorded' ELSE 'confirmed' END,
  "lot_code" = regexp_replace(upper(substr(md5(random()::text || d."id"::text), 1, 12)), '(.{4})(.{4})(.{4})', '\1-\2-\3')
FROM "contracts" c WHERE c."id" = d."contract_id";--> statement-breakpoint
INSERT INTO "contract_payments" ("contract_id", "amount", "method", "reference", "date", "recorded_by", "created_at", "confirmed_at", "confirmed_by")
SELECT "contract_id", round("amount_paid")::bigint, 'tunai', 'Pengiriman #' || "id", "date", "recorded_by", "created_at", "confirmed_at", "confirmed_by"
FROM "contract_deliveries" WHERE round("amount_paid") > 0 ORDER BY "id";--> statement-breakpoint
UPDATE "contracts" c SET
  "settled_gross" = coalesce((SELECT sum(d."value") FROM "contract_deliveries" d WHERE d."contract_id" = c."id" AND d."status" = 'confirmed'), 0),
  "settled_paid" = coalesce((SELECT sum(p."amount") FROM "contract_payments" p WHERE p."contract_id" = c."id" AND p."confirmed_at" IS NOT NULL), 0),
  "settled_pending" = coalesce((SELECT sum(p."amount") FROM "contract_payments" p WHERE p."contract_id" = c."id" AND p."confirmed_at" IS NULL), 0)
WHERE EXISTS (SELECT 1 FROM "contract_deliveries" d WHERE d."contract_id" = c."id");--> statement-breakpoint
UPDATE "contracts" c SET "payment_due_date" = (
  SELECT min((d."confirmed_at" AT TIME ZONE 'Asia/Jakarta')::date) + c."payment_days" FROM "contract_deliveries" d
  WHERE d."contract_id" = c."id" AND d."status" = 'confirmed')
WHERE c."settled_outstanding" > 0;--> statement-breakpoint
ALTER TABLE "contract_deliveries" ALTER COLUMN "lot_code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_deliveries" ALTER COLUMN "gross_quantity" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_deliveries" ALTER COLUMN "value" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_terms" ALTER COLUMN "prices" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "prices" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_advances" ADD CONSTRAINT "contract_advances_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_advances" ADD CONSTRAINT "contract_advances_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_advances" ADD CONSTRAINT "contract_advances_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_payments" ADD CONSTRAINT "contract_payments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_payments" ADD CONSTRAINT "contract_payments_photo_document_id_documents_id_fk" FOREIGN KEY ("photo_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_payments" ADD CONSTRAINT "contract_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_payments" ADD CONSTRAINT "contract_payments_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_advances_contract_idx" ON "contract_advances" USING btree ("contract_id","id");--> statement-breakpoint
CREATE INDEX "contract_payments_contract_idx" ON "contract_payments" USING btree ("contract_id","id");--> statement-breakpoint
ALTER TABLE "contract_deliveries" ADD CONSTRAINT "contract_deliveries_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_deliveries_lot_code_unique" ON "contract_deliveries" USING btree ("lot_code");--> statement-breakpoint
CREATE INDEX "contract_deliveries_paid_on_idx" ON "contract_deliveries" USING btree ("paid_on") WHERE "contract_deliveries"."paid_on" is not null;--> statement-breakpoint
CREATE INDEX "contracts_owing_mitra_idx" ON "contracts" USING btree ("mitra_id","payment_due_date") WHERE "contracts"."settled_outstanding" > 0;--> statement-breakpoint
CREATE INDEX "contracts_owing_due_idx" ON "contracts" USING btree ("payment_due_date","id") WHERE "contracts"."settled_outstanding" > 0;--> statement-breakpoint
ALTER TABLE "contract_deliveries" DROP COLUMN "amount_paid";--> statement-breakpoint
ALTER TABLE "contract_deliveries" ADD CONSTRAINT "contract_deliveries_status_check" CHECK ("contract_deliveries"."status" in ('recorded', 'confirmed', 'disputed'));--> statement-breakpoint
ALTER TABLE "contract_deliveries" ADD CONSTRAINT "contract_deliveries_quantities_check" CHECK ("contract_deliveries"."accepted_quantity" >= 0 and "contract_deliveries"."rejected_quantity" >= 0 and "contract_deliveries"."accepted_quantity" + "contract_deliveries"."rejected_quantity" <= "contract_deliveries"."gross_quantity");--> statement-breakpoint
ALTER TABLE "contract_deliveries" ADD CONSTRAINT "contract_deliveries_value_check" CHECK ("contract_deliveries"."value" >= 0);--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_action_check" CHECK ("contract_events"."action" in ('offer', 'counter', 'revise', 'sign', 'reject', 'cancel', 'start', 'deliver', 'confirm', 'complete', 'edit', 'dispute', 'resolve', 'advance', 'confirm_advance', 'pay', 'confirm_payment'));--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_payment_days_check" CHECK ("contracts"."payment_days" between 0 and 365);