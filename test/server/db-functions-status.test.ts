import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/engine/client.js';
import { alphabeticalRank, contracts, contractStatusEnum } from '../../src/server/db/schema.js';
import { useTestApp } from './support/app.js';

const ctx = useTestApp();

/** The plan of the status sort's first page, with sequential scans ruled out (the demo table is small). */
async function statusSortPlan(): Promise<string> {
  const page = ctx.db
    .select({ id: contracts.id })
    .from(contracts)
    .orderBy(alphabeticalRank(contracts.status), asc(contracts.id))
    .limit(10)
    .toSQL();
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const rows = await queryRows<{ 'QUERY PLAN': string }>(
      tx,
      sql.raw(`EXPLAIN ${page.sql.replace('$1', '10')}`),
    );
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}

describe('a status is sorted by its label, so a migration can add one', () => {
  it('writes no status into the sort indexes, which the status sort reads', async () => {
    const indexes = await queryRows<{ indexdef: string }>(
      ctx.db,
      sql`SELECT indexdef FROM pg_indexes WHERE indexname IN ('contracts_status_rank_idx', 'lahan_status_rank_idx')`,
    );
    expect(indexes).toHaveLength(2);
    for (const { indexdef } of indexes) expect(indexdef).not.toMatch(/'/);
    expect(await statusSortPlan()).toContain('contracts_status_rank_idx');
  });

  it('adds a contract status in one transaction, and sorts it by its label with the others', async () => {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TYPE contract_status ADD VALUE 'aa_added'`);
    });
    const [first] = await ctx.db
      .select({ id: contracts.id })
      .from(contracts)
      .orderBy(asc(contracts.id))
      .limit(1);
    await ctx.db.execute(sql`UPDATE contracts SET status = 'aa_added' WHERE id = ${first!.id}`);
    const sorted = await ctx.db
      .select({ id: contracts.id, status: contracts.status })
      .from(contracts)
      .orderBy(alphabeticalRank(contracts.status), asc(contracts.id));
    const statuses = sorted.map((row) => row.status as string);
    expect(statuses[0]).toBe('aa_added');
    expect(statuses).toEqual([...statuses].sort());
    expect(contractStatusEnum.enumValues).toEqual(expect.arrayContaining(statuses.slice(1)));
    expect(await statusSortPlan()).toContain('contracts_status_rank_idx');
  });
});
