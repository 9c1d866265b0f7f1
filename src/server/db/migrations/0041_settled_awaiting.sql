-- Whose turn it is now follows a contract's money (issue 31): after its end, the petani's while an advance or
-- a payment awaits their confirmation, then the mitra's while anything delivered is still owed. The contracts
-- of before had no such state: the migrated payments are all confirmed and there are no advances yet, so an
-- ended contract still owed something waits on its mitra.
UPDATE "contracts" SET "awaiting" = 'mitra'
WHERE "status" IN ('completed', 'cancelled') AND "awaiting" IS NULL AND "settled_outstanding" > 0;
