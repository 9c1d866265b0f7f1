import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../engine/client.js';
import { documents, users } from '../../schema.js';

type UserValues = typeof users.$inferInsert;
type DocumentValues = Omit<typeof documents.$inferInsert, 'user_id'>;

/** An account drawn by the demo seed, before it has an id: its profile and identity documents follow it. */
export interface DemoPerson<Profile extends { user_id: number }> {
  user: UserValues & { full_name: string };
  profile: Omit<Profile, 'user_id'>;
  documents: DocumentValues[];
  locationId: number;
}

/**
 * Inserts `values` into `table` in one statement and answers their ids in the order given. One statement
 * rather than one per row: each pays the tables' statement-level triggers (list counts, search pairs), which
 * made the row-by-row demo seed cost ~9 s on PGlite. An identity column numbers a VALUES list in its order,
 * so the ascending ids are the rows' in order.
 */
export async function insertInOrder<T extends PgTable & { id: unknown }>(
  tx: Tx,
  table: T,
  values: T['$inferInsert'][],
): Promise<number[]> {
  if (values.length === 0) return [];
  const rows = (await tx
    .insert(table)
    .values(values)
    .returning({ id: (table as unknown as { id: typeof users.id }).id })) as { id: number }[];
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The accounts, then their profiles (in `profiles`), then their documents: three statements; answers the accounts' ids. */
export async function insertPeople<Profile extends { user_id: number }>(
  tx: Tx,
  people: DemoPerson<Profile>[],
  profiles: PgTable & { $inferInsert: Profile },
): Promise<number[]> {
  const ids = await insertInOrder(
    tx,
    users,
    people.map((p) => p.user),
  );
  await tx.insert(profiles).values(people.map((p, i) => ({ ...p.profile, user_id: ids[i]! }) as Profile));
  const papers = people.flatMap((p, i) => p.documents.map((d) => ({ ...d, user_id: ids[i]! })));
  if (papers.length) await tx.insert(documents).values(papers);
  return ids;
}
