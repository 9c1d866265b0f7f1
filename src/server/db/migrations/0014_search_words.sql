-- The words of the accounts' search_text (tables/search-words.ts): an account search counts its matches with an
-- index-only scan of user_words instead of rechecking every candidate row of users (db/word-search.ts).
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_words" (
	"word" text NOT NULL,
	"role" "role" NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "user_words_word_role_user_id_pk" PRIMARY KEY("word","role","user_id")
);
--> statement-breakpoint
-- A word: a maximal run of characters that are ASCII letters or digits or not ASCII at all. db/word-search.ts
-- takes this path only for words of `q` made of those characters (WORD_CHARS there is the same class).
CREATE FUNCTION search_words_of(doc text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(doc, '[^A-Za-z0-9\u0080-\uffff]+') w WHERE w <> '' ORDER BY w
$$;--> statement-breakpoint
-- Kept in the writing transaction; new words in order, so that two writers adding the same words wait for
-- one another rather than deadlock. A deleted account's words go with it (foreign key).
CREATE FUNCTION search_text_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM user_words WHERE user_id = OLD.id;
  END IF;
  WITH w AS (SELECT search_words_of(NEW.search_text) AS word),
       vocabulary AS (INSERT INTO search_words SELECT word FROM w ON CONFLICT DO NOTHING)
  INSERT INTO user_words (word, role, user_id) SELECT word, NEW.role, NEW.id FROM w;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER search_text_words_insert AFTER INSERT ON users FOR EACH ROW
  EXECUTE FUNCTION search_text_words();--> statement-breakpoint
-- Any update: the search_text triggers change search_text when a source column is the target, and
-- `UPDATE OF search_text` would see only statements that name it. WHEN reads the row as written.
CREATE TRIGGER search_text_words_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.role IS DISTINCT FROM NEW.role)
  EXECUTE FUNCTION search_text_words();--> statement-breakpoint
-- The accounts there are, with no account written meanwhile; the foreign key and the indexes after the rows
-- (one check and one sorted build, rather than one per row).
LOCK TABLE users IN SHARE MODE;--> statement-breakpoint
INSERT INTO user_words (word, role, user_id)
  SELECT w, u.role, u.id FROM users u, search_words_of(u.search_text) w ORDER BY 1, 2, 3;--> statement-breakpoint
INSERT INTO search_words SELECT DISTINCT word FROM user_words ORDER BY 1;--> statement-breakpoint
ALTER TABLE "user_words" ADD CONSTRAINT "user_words_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_words_trgm" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "user_words_user_idx" ON "user_words" USING btree ("user_id");
