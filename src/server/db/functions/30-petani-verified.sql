-- lahan.petani_verified is the owner's users.status_verifikasi, so the lahan list filters and counts by it without
-- joining users. Kept in the writing transaction:
-- - on lahan, before an insert or a change of owner, it is read from the owner's row under FOR SHARE: a
--   verification change of that owner waits for this transaction, then updates the owner's lahan, this row among
--   them; and this waits for a verification change in progress, then reads it;
-- - on users, after a verification change, the owner's lahan are updated (lahan_petani_idx finds them).
CREATE OR REPLACE FUNCTION petani_verified_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A missing owner leaves false, and the foreign key refuses the row.
  NEW.petani_verified := coalesce(
    (SELECT status_verifikasi FROM users WHERE id = NEW.petani_id FOR SHARE), false);
  RETURN NEW;
END;
$$;

CREATE OR REPLACE FUNCTION petani_verified_of_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lahan SET petani_verified = NEW.status_verifikasi
  WHERE petani_id = NEW.id AND petani_verified IS DISTINCT FROM NEW.status_verifikasi;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER petani_verified_of_row BEFORE INSERT OR UPDATE OF petani_id, petani_verified ON lahan
  FOR EACH ROW EXECUTE FUNCTION petani_verified_of_row();
CREATE OR REPLACE TRIGGER petani_verified_of_owner AFTER UPDATE OF status_verifikasi ON users FOR EACH ROW
  WHEN (OLD.status_verifikasi IS DISTINCT FROM NEW.status_verifikasi)
  EXECUTE FUNCTION petani_verified_of_owner();
