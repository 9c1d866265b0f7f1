import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../../auth/passwords.js';
import type { Config } from '../../config.js';
import type { Role } from '../../../shared/constants.js';
import type { Db, Tx } from '../engine/client.js';
import { users } from '../schema.js';
import { seedAreas } from './areas.js';

/** Whether an account of `role` exists (one index entry read, not a count of 100k petani at every start). */
async function anyWithRole(db: Tx, role: Role): Promise<boolean> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.role, role)).limit(1)).length > 0;
}

/**
 * Brings a migrated database to a usable state; safe to run on every start.
 * - the administrative areas (reference data), once;
 * - the first admin (ADMIN_EMAIL / ADMIN_PASSWORD) when no admin exists;
 * - with SEED=demo, the demo petani, mitra, lahan, contracts and downloads when there are no petani yet.
 * Returns whether demo data was added.
 */
export async function seedDatabase(
  db: Db,
  config: Pick<Config, 'seed' | 'adminEmail' | 'adminPassword'>,
  log?: FastifyBaseLogger,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Several API processes may start together on one PostgreSQL server: only one seeds at a time.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(4242001)`);
    if (await seedAreas(tx)) log?.info('Seeded Indonesian administrative areas (idn-area-data, ODbL)');

    if (!(await anyWithRole(tx, 'admin'))) {
      await tx.insert(users).values({
        role: 'admin',
        email: config.adminEmail,
        username: 'admin',
        password_hash: await hashPassword(config.adminPassword),
        full_name: 'Administrator TaniMitra',
        status_verifikasi: true,
      });
      log?.info(`Created the first admin account ${config.adminEmail}`);
    }

    if (config.seed !== 'demo') return false;
    if (await anyWithRole(tx, 'petani')) return false;
    // Loaded only for a database that gets the demo data, not at every start.
    const { seedDemo } = await import('./demo.js');
    await seedDemo(tx);
    log?.info('Seeded demo data');
    return true;
  });
}
