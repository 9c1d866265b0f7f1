-- lahan.petani_verified: the owner's users.status_verifikasi on the lahan row, so that the lahan list filters
-- by it without joining users and its total is a counter (list_counts k2, 0006_list_counts) rather than a
-- count through the owner join. Kept in the writing transaction by two triggers:
-- - on lahan, before an insert or a change of owner, it is read from the owner's row under FOR SHARE: a
--   verification change of that owner (FOR NO KEY UPDATE) waits for this transaction, then updates the
--   owner's lahan, this row among them; and this waits for a verification change in progress, then reads it;
-- - on users, after a verification change, the owner's lahan are updated (lahan_petani_idx finds them).
-- A deleted account deletes its lahan (foreign key), which their counters follow.
DROP TRIGGER list_counts_insert ON lahan;--> statement-breakpoint
DROP TRIGGER list_counts_delete ON lahan;--> statement-breakpoint
DROP TRIGGER list_counts_update ON lahan;--> statement-breakpoint
DROP TRIGGER list_counts_truncate ON lahan;--> statement-breakpoint
DELETE FROM list_counts WHERE entity = 'lahan';--> statement-breakpoint
-- No verification changes while the rows are filled in and the triggers attached.
LOCK TABLE users IN SHARE MODE;--> statement-breakpoint
ALTER TABLE "lahan" ADD COLUMN "petani_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE lahan l SET petani_verified = true FROM users u WHERE u.id = l.petani_id AND u.status_verifikasi;--> statement-breakpoint
CREATE INDEX "lahan_status_verified_idx" ON "lahan" USING btree ("status","petani_verified","luas_lahan","category_id","location_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION petani_verified_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A missing owner leaves false, and the foreign key refuses the row.
  NEW.petani_verified := coalesce(
    (SELECT status_verifikasi FROM users WHERE id = NEW.petani_id FOR SHARE), false);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER petani_verified_of_row BEFORE INSERT OR UPDATE OF petani_id, petani_verified ON lahan
  FOR EACH ROW EXECUTE FUNCTION petani_verified_of_row();--> statement-breakpoint
CREATE OR REPLACE FUNCTION petani_verified_of_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lahan SET petani_verified = NEW.status_verifikasi
  WHERE petani_id = NEW.id AND petani_verified IS DISTINCT FROM NEW.status_verifikasi;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER petani_verified_of_owner AFTER UPDATE OF status_verifikasi ON users FOR EACH ROW
  WHEN (OLD.status_verifikasi IS DISTINCT FROM NEW.status_verifikasi)
  EXECUTE FUNCTION petani_verified_of_owner();--> statement-breakpoint
CALL list_counts_attach('lahan', 'status::text', 'petani_verified::text', 'luas_lahan::numeric');
