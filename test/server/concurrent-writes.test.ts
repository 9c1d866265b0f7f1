import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/engine/client.js';
import { MESSAGES } from '../../src/shared/messages.js';
import { DEMO_ADMIN, call, tokenFor, useTestApp } from './support/app.js';

const ctx = useTestApp();

/*
 * PostgreSQL ends a transaction that deadlocks with another (or, under a stricter isolation, cannot be
 * serialised) and lets the other through. The request it belonged to changed nothing and may be sent again: it
 * is a 409 that says so, not a 500. A trigger raises those SQLSTATEs on a chosen write, as PostgreSQL would.
 */
describe('a write PostgreSQL rolls back for a concurrent one', () => {
  it.each(['40P01', '40001'])('%s is a 409 CONFLICT that changed nothing', async (state) => {
    await ctx.db.execute(
      sql.raw(`
        CREATE OR REPLACE FUNCTION collide() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.location_name = 'Desa Tabrakan' THEN
            RAISE EXCEPTION 'simulated' USING ERRCODE = '${state}';
          END IF;
          RETURN NEW;
        END $$`),
    );
    await ctx.db.execute(sql`
      CREATE OR REPLACE TRIGGER collide BEFORE UPDATE ON locations FOR EACH ROW EXECUTE FUNCTION collide()`);
    const [location] = await queryRows<{ id: number; location_name: string; sub_district_id: number }>(
      ctx.db,
      sql`select id, location_name, sub_district_id from locations order by id limit 1`,
    );
    const res = await call(ctx, {
      method: 'PUT',
      url: `/api/v1/admin/location/${location!.id}`,
      token: await tokenFor(ctx, DEMO_ADMIN.email),
      payload: { location_name: 'Desa Tabrakan', sub_district_id: location!.sub_district_id },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json).toEqual({
      success: false,
      code: 'CONFLICT',
      message: MESSAGES.http.concurrentWrite,
    });
    const [after] = await queryRows<{ location_name: string }>(
      ctx.db,
      sql`select location_name from locations where id = ${location!.id}`,
    );
    expect(after!.location_name).toBe(location!.location_name);
  });
});
