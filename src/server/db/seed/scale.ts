import { performance } from 'node:perf_hooks';
import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../engine/client.js';
import { users } from '../schema.js';
import { DEMO_COUNTS } from './demo.js';
import { beginBulkLoad } from './scale/bulk.js';
import { CONTRACT_HISTORY, insertHistories } from './scale/history.js';
import { insertContracts, insertLahan, planContracts } from './scale/land.js';
import { insertPeople, planPeople } from './scale/people.js';
import { insertLocations, numberLocations } from './scale/places.js';
import { countRows, type Step } from './scale/sql.js';

export { countRows };

/**
 * The scale data set (`npm run seed:scale`): tens of thousands of accounts and hundreds of thousands of lahan
 * on top of the demo seed, for benchmarks. Rows are made by a few set-based `INSERT … SELECT … FROM
 * generate_series(…)` statements in one transaction, loaded in bulk (scale/bulk.ts: indexes built and keys
 * checked once at the end, search_text made by the same set-based definition the triggers read, counters
 * kept by their statement-level triggers); each value is drawn from a hash of the row number, so the same
 * counts give the same data on every run. The secondary indexes are built after the commit: call
 * `finishLoad` (scale/after-load.ts) once `seedScale` has returned.
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
const LOADED = [
  'users',
  'petani_profiles',
  'mitra_profiles',
  'documents',
  'locations',
  'lahan',
  'contracts',
  ...CONTRACT_HISTORY,
];

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

/** `log` hears each step's name and seconds. */
export async function seedScale(
  db: Db,
  counts: ScaleCounts,
  passwordHash: string,
  log: (line: string) => void = () => {},
): Promise<ScaleResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(4242001)`);
    // A bulk load, not a request: no statement is cancelled after the server's 30 s on a busy machine.
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    const [existing] = await tx.select({ n: count() }).from(users);
    const people = counts.users - (existing?.n ?? 0);
    const admins = ADMINS - 1;
    const mitra = Math.max(0, Math.round(counts.users * 0.08) - DEMO_COUNTS.mitra);
    const petani = people - admins - mitra;
    if (petani < 1) throw new Error(`SCALE_USERS must exceed the ${existing?.n} accounts already there`);
    let last = performance.now();
    const step: Step = async (query, label) => {
      const result = await tx.execute(typeof query === 'string' ? sql.raw(query) : query);
      const now = performance.now();
      const name =
        label ?? (typeof query === 'string' ? query.trim().split(/\s+/).slice(0, 4).join(' ') : '');
      log(`${name} … ${((now - last) / 1000).toFixed(1)} s`);
      last = now;
      return result;
    };
    const bulk = await beginBulkLoad(tx, step, LOADED);
    const added: Record<string, number> = {};
    added.locations = await insertLocations(tx, bulk, counts.locations - DEMO_COUNTS.locations);
    const places = await numberLocations(step, tx);
    await planPeople(step, tx, { petani, mitra, admins }, places);
    Object.assign(added, await insertPeople(step, bulk, passwordHash));
    // The contracts are planned first: the lahan they hold get their statuses as they are inserted.
    const firstContract = await planContracts(
      step,
      tx,
      Math.max(0, counts.contracts - DEMO_COUNTS.contracts),
    );
    const lahan = Math.max(0, counts.lahan - DEMO_COUNTS.lahan);
    added.lahan = await insertLahan(step, tx, bulk, lahan, petani, places);
    added.contracts = await insertContracts(bulk, { petani, mitra });
    Object.assign(added, await insertHistories(step, firstContract));
    await bulk.finish();
    return { added };
  });
}
