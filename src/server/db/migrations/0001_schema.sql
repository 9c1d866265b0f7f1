CREATE TYPE "public"."contract_status" AS ENUM('pending', 'negotiation', 'approved', 'active', 'completed', 'rejected', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."document_kind" AS ENUM('ktp', 'verifikasi_ktp', 'supporting_documents', 'loa_file', 'avatar');--> statement-breakpoint
CREATE TYPE "public"."lahan_status" AS ENUM('active', 'inactive', 'pending', 'negotiation', 'on_going', 'completed', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."download_platform" AS ENUM('android', 'windows', 'web', 'ios', 'mac', 'linux');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('admin', 'petani', 'mitra');--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"actor_id" integer,
	"actor_email" varchar(254),
	"action" varchar(40) NOT NULL,
	"resource" varchar(60) NOT NULL,
	"resource_id" varchar(60),
	"changes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contract_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type_name" varchar(120) NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contracts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" varchar(200) NOT NULL,
	"contract_category_id" integer,
	"description" text,
	"status" "contract_status" DEFAULT 'pending' NOT NULL,
	"petani_id" integer,
	"mitra_id" integer,
	"lahan_id" integer,
	"commodity" varchar(120) NOT NULL,
	"quantity" numeric(14, 2) NOT NULL,
	"unit" varchar(16) DEFAULT 'kg' NOT NULL,
	"price" numeric(16, 2) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "districts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "districts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(16),
	"district_name" varchar(120) NOT NULL,
	"province_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" "document_kind" NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "downloads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "downloads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(160) NOT NULL,
	"platform" "download_platform" NOT NULL,
	"version" varchar(40) NOT NULL,
	"size" varchar(40) NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"rating" numeric(2, 1) DEFAULT 4.5 NOT NULL,
	"release_date" date NOT NULL,
	"description" text NOT NULL,
	"download_url" text NOT NULL,
	"changelog" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lahan" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lahan_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"petani_id" integer NOT NULL,
	"nama_lahan" varchar(160) NOT NULL,
	"luas_lahan" double precision NOT NULL,
	"address_lahan" text,
	"location_id" integer,
	"category_id" integer,
	"status" "lahan_status" DEFAULT 'pending' NOT NULL,
	"url_image" text[] DEFAULT '{}'::text[] NOT NULL,
	"gps" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "land_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "land_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"type_name" varchar(120) NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "locations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"location_name" varchar(160) NOT NULL,
	"sub_district_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"key" varchar(300) NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "login_attempts_key_pk" PRIMARY KEY("key")
);
--> statement-breakpoint
CREATE TABLE "mitra_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"fullname_mitra" varchar(160) NOT NULL,
	"nik" varchar(16),
	"alamat" text,
	"company_name" varchar(160),
	"company_address" text,
	"company_position" varchar(120),
	"no_loa" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "petani_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"fullname_petani" varchar(160) NOT NULL,
	"nik" varchar(16),
	"alamat" text
);
--> statement-breakpoint
CREATE TABLE "provinces" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "provinces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(16),
	"province_name" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refresh_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sub_districts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sub_districts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" varchar(16),
	"sub_district_name" varchar(120) NOT NULL,
	"district_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"role" "role" NOT NULL,
	"email" varchar(254) NOT NULL,
	"username" varchar(64),
	"password_hash" text NOT NULL,
	"full_name" varchar(160) NOT NULL,
	"phone" varchar(20),
	"status_verifikasi" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_contract_category_id_contract_categories_id_fk" FOREIGN KEY ("contract_category_id") REFERENCES "public"."contract_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_petani_id_users_id_fk" FOREIGN KEY ("petani_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_mitra_id_users_id_fk" FOREIGN KEY ("mitra_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_lahan_id_lahan_id_fk" FOREIGN KEY ("lahan_id") REFERENCES "public"."lahan"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "districts" ADD CONSTRAINT "districts_province_id_provinces_id_fk" FOREIGN KEY ("province_id") REFERENCES "public"."provinces"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lahan" ADD CONSTRAINT "lahan_petani_id_users_id_fk" FOREIGN KEY ("petani_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lahan" ADD CONSTRAINT "lahan_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lahan" ADD CONSTRAINT "lahan_category_id_land_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."land_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_sub_district_id_sub_districts_id_fk" FOREIGN KEY ("sub_district_id") REFERENCES "public"."sub_districts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mitra_profiles" ADD CONSTRAINT "mitra_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "petani_profiles" ADD CONSTRAINT "petani_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_districts" ADD CONSTRAINT "sub_districts_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_resource_idx" ON "audit_log" USING btree ("resource","resource_id");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_categories_name_unique" ON "contract_categories" USING btree (lower("type_name"));--> statement-breakpoint
CREATE INDEX "contracts_status_created_idx" ON "contracts" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "contracts_created_idx" ON "contracts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contracts_petani_idx" ON "contracts" USING btree ("petani_id");--> statement-breakpoint
CREATE INDEX "contracts_mitra_idx" ON "contracts" USING btree ("mitra_id");--> statement-breakpoint
CREATE INDEX "contracts_lahan_idx" ON "contracts" USING btree ("lahan_id");--> statement-breakpoint
CREATE INDEX "contracts_title_trgm" ON "contracts" USING gin (lower("title") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "districts_code_unique" ON "districts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "districts_province_idx" ON "districts" USING btree ("province_id","district_name");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_user_kind_unique" ON "documents" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "downloads_active_platform_idx" ON "downloads" USING btree ("is_active","platform");--> statement-breakpoint
CREATE INDEX "downloads_created_idx" ON "downloads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lahan_petani_idx" ON "lahan" USING btree ("petani_id");--> statement-breakpoint
CREATE INDEX "lahan_status_created_idx" ON "lahan" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "lahan_created_idx" ON "lahan" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "lahan_category_idx" ON "lahan" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "lahan_location_idx" ON "lahan" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "lahan_nama_trgm" ON "lahan" USING gin (lower("nama_lahan") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "land_categories_name_unique" ON "land_categories" USING btree (lower("type_name"));--> statement-breakpoint
CREATE INDEX "land_categories_created_idx" ON "land_categories" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "locations_sub_district_idx" ON "locations" USING btree ("sub_district_id");--> statement-breakpoint
CREATE INDEX "locations_created_idx" ON "locations" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "locations_name_trgm" ON "locations" USING gin (lower("location_name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "mitra_nik_unique" ON "mitra_profiles" USING btree ("nik");--> statement-breakpoint
CREATE INDEX "mitra_fullname_trgm" ON "mitra_profiles" USING gin (lower("fullname_mitra") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "petani_nik_unique" ON "petani_profiles" USING btree ("nik");--> statement-breakpoint
CREATE INDEX "petani_fullname_trgm" ON "petani_profiles" USING gin (lower("fullname_petani") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "provinces_code_unique" ON "provinces" USING btree ("code");--> statement-breakpoint
CREATE INDEX "provinces_name_idx" ON "provinces" USING btree ("province_name");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash_unique" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_districts_code_unique" ON "sub_districts" USING btree ("code");--> statement-breakpoint
CREATE INDEX "sub_districts_district_idx" ON "sub_districts" USING btree ("district_id","sub_district_name");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_full_name_trgm" ON "users" USING gin (lower("full_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin (lower("email") gin_trgm_ops);