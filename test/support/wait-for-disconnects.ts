import type pg from 'pg';

/**
 * Waits until no connection to `database` is left. `pool.end()` resolves before the server has seen every
 * connection go, and forcing the drop would kill those connections mid-goodbye (an unhandled 57P01 in the pool),
 * so a database is dropped once they have left.
 */
export async function waitForDisconnects(admin: pg.Client, database: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [database],
    );
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`connections to ${database} did not close within 5 s`);
}
