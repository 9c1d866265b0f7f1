import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../engine/client.js';
import { users } from '../schema.js';
import { DEMO_COUNTS } from './demo.js';
import { beginBulkLoad } from './scale/bulk.js';
import { CONTRACT_HISTORY, insertHistories } from './scale/history.js';
import { insertContracts, insertLahan, planContracts } from './scale/land.js';
import { insertPeople, planPeople } from './scale/people.js';
import { insertLocations, numberLocations } from './scale/places.js';
import { countRows } from './scale/sql.js';

export { countRows };

/**
 * The scale data set (`npm run seed:scale`): tens of thousands of accounts and hundreds of thousands of lahan
 * on top of the demo seed, for benchmarks. Rows are made by a few set-based `INSERT … SELECT … FROM
 * generate_series(…)` statements in three committed stages, loaded in bulk (scale/bulk.ts: keys checked once
 * per stage, search_text made by the same set-based definition the triggers read, counters recounted once);
 * each value is drawn from a hash of the row number, so the same counts give the same data on every run. The
 * secondary indexes are built after each stage's commit (scale/after-load.ts): `committed` hears the tables,
 * or call `finishLoad` once `seedScale` has returned.
 */
export interface ScaleCounts {
  /** Accounts in all, demo accounts included: about 92% petani, 8% mitra and a few admins. */
  users: number;
  lahan: number;
  contracts: number;
  locations: number;
}

export const scaleCounts = (env: NodeJS.ProcessEnv): ScaleCounts => {
  const number = (name: string, fallback: number, min: number) => {
    const text = env[name]?.trim() || String(fallback);
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min) throw new Error(`${name} must be a whole number ≥ ${min}`);
    return value;
  };
  const users = number('SCALE_USERS', 100_000, 1000);
  const lahan = number('SCALE_LAHAN', 300_000, 1000);
  return {
    users,
    lahan,
    contracts: number('SCALE_CONTRACTS', Math.round(lahan / 5), 100),
    locations: number('SCALE_LOCATIONS', Math.round(users / 5), 100),
  };
};

/** Admin accounts of the scale set, the seeded first admin included. */
const ADMINS = 5;
/** The tables the scale set adds rows to. */
const PEOPLE = ['locations', 'users', 'petani_profiles', 'mitra_profiles', 'documents'];
const LOADED = [...PEOPLE, 'lahan', 'contracts', ...CONTRACT_HISTORY];

export interface ScaleResult {
  added: Record<string, number>;
}

/** Refuses unless the database holds no more than the demo seed's petani (so it never runs twice). */
export async function assertScaleable(db: Db): Promise<void> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, 'petani'));
  const petani = row?.n ?? 0;
  if (petani > DEMO_COUNTS.petani) {
    throw new Error(
      `The database already holds ${petani} petani: seed:scale loads once, into a fresh database ` +
        '(drop it, or point DATABASE_URL / DATA_DIR elsewhere).',
    );
  }
}

/**
 * Loads in three stages, each one transaction that commits (scale/bulk.ts): the locations and people, the lahan,
 * the contracts and their histories; each draws on what the ones before committed. `committed` hears each
 * stage's tables once it has committed, so their indexes can be built while the next stages load (on another
 * connection: seed-scale.ts). `log` hears each step's name and seconds.
 */
export async function seedScale(
  db: Db,
  counts: ScaleCounts,
  passwordHash: string,
  log: (line: string) => void = () => {},
  committed?: (tables: readonly string[]) => void,
): Promise<ScaleResult> {
  // One load at a time: a second waits here, then finds the first's rows (assertScaleable) and stops.
  await db.execute(sql`SELECT pg_advisory_lock(4242001)`);
  try {
    await assertScaleable(db);
    const [existing] = await db.select({ n: count() }).from(users);
    const people = counts.users - (existing?.n ?? 0);
    const admins = ADMINS - 1;
    const mitra = Math.max(0, Math.round(counts.users * 0.08) - DEMO_COUNTS.mitra);
    const petani = people - admins - mitra;
    if (petani < 1) throw new Error(`SCALE_USERS must exceed the ${existing?.n} accounts already there`);
    const stages = await beginBulkLoad(db, LOADED, log, committed);
    const added: Record<string, number> = {};
    const places = await stages.stage(PEOPLE, async (bulk) => {
      added.locations = await insertLocations(bulk.tx, bulk, counts.locations - DEMO_COUNTS.locations);
      const places = await numberLocations(bulk.step, bulk.tx);
      await planPeople(bulk.step, bulk.tx, { petani, mitra, admins }, places);
      Object.assign(added, await insertPeople(bulk.step, bulk, passwordHash));
      return places;
    });
    // The contracts are planned first: the lahan they hold get their statuses as they are inserted.
    const firstContract = await stages.stage(['lahan'], async (bulk) => {
      const first = await planContracts(
        bulk.step,
        bulk.tx,
        Math.max(0, counts.contracts - DEMO_COUNTS.contracts),
      );
      added.lahan = await insertLahan(
        bulk.step,
        bulk.tx,
        bulk,
        Math.max(0, counts.lahan - DEMO_COUNTS.lahan),
        petani,
        places,
      );
      return first;
    });
    await stages.stage(['contracts', ...CONTRACT_HISTORY], async (bulk) => {
      added.contracts = await insertContracts(bulk, { petani, mitra });
      Object.assign(added, await insertHistories(bulk.step, firstContract));
    });
    await db.execute(sql`DROP TABLE scale_loc, scale_person, scale_contract, scale_lahan`);
    return { added };
  } finally {
    await db.execute(sql`SELECT pg_advisory_unlock(4242001)`);
  }
}
