import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsPending } from '../../src/server/db/engine/pending-migrations.js';
import { useTestApp } from './support/app.js';

const ctx = useTestApp();

describe('migrationsPending (whether a start migrates the embedded database in a child process)', () => {
  it('is false for a migrated database, true once its newest migration is not recorded, and without the table', async () => {
    expect(await migrationsPending(ctx.db)).toBe(false);
    await ctx.db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
    );
    expect(await migrationsPending(ctx.db)).toBe(true);
    await ctx.db.execute(sql`DROP TABLE drizzle.__drizzle_migrations`);
    expect(await migrationsPending(ctx.db)).toBe(true);
  });
});
