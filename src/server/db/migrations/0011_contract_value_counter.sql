-- The value under contract (the dashboard's sum of price × quantity over approved and active contracts)
-- from the contracts' list_counts rows: their `amount` becomes price × quantity, kept by the same
-- statement-level triggers as the counts (0006_list_counts, 0008_list_counts_shards), so a status change or
-- a new version of the terms moves the sum in the writing transaction. The triggers carry the amount
-- expression as an argument: they are attached again, and the counters recounted from the rows.
DROP TRIGGER list_counts_insert ON contracts;--> statement-breakpoint
DROP TRIGGER list_counts_delete ON contracts;--> statement-breakpoint
DROP TRIGGER list_counts_update ON contracts;--> statement-breakpoint
DROP TRIGGER list_counts_truncate ON contracts;--> statement-breakpoint
DELETE FROM list_counts WHERE entity = 'contracts';--> statement-breakpoint
CALL list_counts_attach('contracts', 'status::text', '''''', '(price * quantity)::numeric');
