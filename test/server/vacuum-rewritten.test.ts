import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/engine/client.js';
import { vacuumingRewrites } from '../../src/server/db/engine/rewritten.js';
import { useTestApp } from './support/app.js';

/*
 * A migration that rewrites a table leaves its visibility map empty (index-only scans then read the table too)
 * and autovacuum no reason to come: migrate() vacuums it (db/engine/rewritten.ts).
 */

const ctx = useTestApp();

/** The pages of `table` and how many of them the visibility map says are all visible. */
const visibility = async (table: string) =>
  (
    await queryRows<{ pages: number; visible: number }>(
      ctx.db,
      sql`select relpages as pages, relallvisible as visible from pg_class where oid = to_regclass(${table})`,
    )
  )[0]!;

describe('a table a migration rewrote', () => {
  it('is vacuumed after it, and no other table', async () => {
    await ctx.db.execute(sql`VACUUM (ANALYZE) downloads`);
    expect((await visibility('downloads')).visible).toBeGreaterThan(0);

    await ctx.db.execute(sql`ALTER TABLE downloads ALTER COLUMN size TYPE varchar(60) USING upper(size)`);
    // Rewritten and analyzed, but not vacuumed: nothing is known visible.
    await ctx.db.execute(sql`ANALYZE downloads`);
    expect(await visibility('downloads')).toMatchObject({ visible: 0 });

    const vacuumed = await vacuumingRewrites(ctx.db, async () => {
      await ctx.db.execute(sql`ALTER TABLE downloads ALTER COLUMN size TYPE varchar(40) USING lower(size)`);
      await ctx.db.execute(sql`UPDATE land_categories SET description = description`);
    });
    expect(vacuumed).toEqual(['downloads']);
    const after = await visibility('downloads');
    expect(after.pages).toBeGreaterThan(0);
    expect(after.visible).toBe(after.pages);
  });
});
