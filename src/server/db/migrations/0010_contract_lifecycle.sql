ALTER TYPE "public"."document_kind" ADD VALUE 'delivery_photo';--> statement-breakpoint
CREATE TABLE "contract_deliveries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contract_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contract_id" integer NOT NULL,
	"date" date NOT NULL,
	"quantity" numeric(14, 2) NOT NULL,
	"grade" varchar(1) NOT NULL,
	"amount_paid" numeric(16, 2) NOT NULL,
	"photo_document_id" integer,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	CONSTRAINT "contract_deliveries_grade_check" CHECK ("contract_deliveries"."grade" in ('A', 'B', 'C'))
);
--> statement-breakpoint
CREATE TABLE "contract_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contract_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contract_id" integer NOT NULL,
	"action" varchar(10) NOT NULL,
	"actor_id" integer,
	"actor_role" varchar(6) NOT NULL,
	"from_status" "contract_status",
	"to_status" "contract_status" NOT NULL,
	"terms_version" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_events_action_check" CHECK ("contract_events"."action" in ('offer', 'counter', 'revise', 'sign', 'reject', 'cancel', 'start', 'deliver', 'confirm', 'complete', 'edit')),
	CONSTRAINT "contract_events_actor_role_check" CHECK ("contract_events"."actor_role" in ('admin', 'petani', 'mitra', 'system'))
);
--> statement-breakpoint
CREATE TABLE "contract_signatures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contract_signatures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contract_id" integer NOT NULL,
	"terms_version" integer NOT NULL,
	"signer_id" integer,
	"signer_role" varchar(6) NOT NULL,
	"signer_name" varchar(200) NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" varchar(64),
	"user_agent" text,
	"document_sha256" char(64) NOT NULL,
	"consent_version" integer NOT NULL,
	"voided_at" timestamp with time zone,
	CONSTRAINT "contract_signatures_signer_role_check" CHECK ("contract_signatures"."signer_role" in ('petani', 'mitra'))
);
--> statement-breakpoint
CREATE TABLE "contract_terms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contract_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contract_id" integer NOT NULL,
	"version" integer NOT NULL,
	"price" numeric(16, 2) NOT NULL,
	"quantity" numeric(14, 2) NOT NULL,
	"unit" varchar(16) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"delivery_terms" text,
	"note" text,
	"proposed_by" integer,
	"proposed_role" varchar(6) NOT NULL,
	"document" text NOT NULL,
	"document_sha256" char(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_terms_proposed_role_check" CHECK ("contract_terms"."proposed_role" in ('admin', 'petani', 'mitra'))
);
--> statement-breakpoint
DROP INDEX "documents_user_kind_unique";--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "terms_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "delivery_terms" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "verification_code" varchar(19) DEFAULT regexp_replace(upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 16)), '(.{4})(.{4})(.{4})(.{4})', '\1-\2-\3-\4') NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "awaiting" varchar(6);--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "petani_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "mitra_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "contract_deliveries" ADD CONSTRAINT "contract_deliveries_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_deliveries" ADD CONSTRAINT "contract_deliveries_photo_document_id_documents_id_fk" FOREIGN KEY ("photo_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_deliveries" ADD CONSTRAINT "contract_deliveries_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_deliveries" ADD CONSTRAINT "contract_deliveries_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD CONSTRAINT "contract_signatures_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_signatures" ADD CONSTRAINT "contract_signatures_signer_id_users_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_terms" ADD CONSTRAINT "contract_terms_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_terms" ADD CONSTRAINT "contract_terms_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_deliveries_contract_idx" ON "contract_deliveries" USING btree ("contract_id","id");--> statement-breakpoint
CREATE INDEX "contract_events_contract_idx" ON "contract_events" USING btree ("contract_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_signatures_unique" ON "contract_signatures" USING btree ("contract_id","terms_version","signer_role");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_terms_version_unique" ON "contract_terms" USING btree ("contract_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_verification_code_unique" ON "contracts" USING btree ("verification_code");--> statement-breakpoint
CREATE INDEX "contracts_petani_awaiting_idx" ON "contracts" USING btree ("petani_id","awaiting","created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_mitra_awaiting_idx" ON "contracts" USING btree ("mitra_id","awaiting","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_user_kind_unique" ON "documents" USING btree ("user_id","kind") WHERE kind in ('ktp', 'verifikasi_ktp', 'supporting_documents', 'loa_file', 'avatar');--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_awaiting_check" CHECK ("contracts"."awaiting" in ('petani', 'mitra'));--> statement-breakpoint
-- Existing contracts: whose step it is, as the actions keep it (no signatures, no deliveries yet). Their
-- version-1 terms row (with the canonical document, built by the server) is made when first needed.
UPDATE "contracts" SET "awaiting" = CASE "status"
  WHEN 'pending' THEN 'petani'
  WHEN 'negotiation' THEN 'mitra'
  WHEN 'approved' THEN 'mitra'
  WHEN 'active' THEN 'mitra'
END;
