import { inArray } from 'drizzle-orm';
import type { Static } from 'typebox';
import {
  CONTRACT_STATUSES,
  LAHAN_STATUSES,
  ROLES,
  type ContractStatus,
  type LahanStatus,
  type Role,
} from '../../../shared/constants.js';
import { UNDER_CONTRACT } from '../../../shared/contract-lifecycle.js';
import type { Db } from '../../db/engine/client.js';
import { counted } from '../../db/lists/list-spec.js';
import { listJson } from '../../db/lists/list-json.js';
import { contracts, listCounts } from '../../db/schema.js';
import { contractPageRecords } from '../contracts/records.js';
import type { Contract } from '../contracts/schema.js';

export const RECENT_CONTRACTS = 5;

/** `{ key: 0 }` for every key, then the counted groups added in. */
function tally<K extends string>(keys: readonly K[], groups: { key: K; n: number }[]): Record<K, number> {
  const counts = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const { key, n } of groups) counts[key] += n;
  return counts;
}

const sumOf = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** The counters' amounts (price × quantity, in rupiah with up to 4 decimals) summed, to the sen. */
const valueOf = (groups: { value: number }[]) =>
  Math.round(groups.reduce((a, g) => a + g.value, 0) * 100) / 100;

/**
 * The dashboard's figures, read from the trigger-kept counters (db/lists/list-spec.ts `counted`, migration 0006_list_counts; a
 * contract's counted amount is its price × quantity since 0011_contract_value_counter) rather than
 * counted: a handful of rows whatever the size, in one statement, so that the figures agree with each other even
 * while others write. The recent contracts are read beside them, each through the pool as a prepared statement
 * (in a transaction, the recent contracts' statement was planned on every call: 2.5 ms at 60k contracts).
 */
export async function adminStats(db: Db) {
  const [counters, recent] = await Promise.all([
    db
      .select({
        entity: listCounts.entity,
        k1: listCounts.k1,
        k2: listCounts.k2,
        n: listCounts.n,
        amount: listCounts.amount,
      })
      .from(listCounts)
      .where(inArray(listCounts.entity, ['users', 'lahan', 'contracts'])),
    // Ids first, then their records: planning the joins for five known ids is what makes this cheap.
    listJson(
      db,
      {
        shape: 'stats|recent',
        values: {},
        table: contracts,
        id: contracts.id,
        where: undefined,
        sort: contracts.created_at,
        order: 'desc',
        page: 1,
        limit: RECENT_CONTRACTS,
        total: counted('contracts'),
      },
      contractPageRecords(db),
    ),
  ]);
  const of = (entity: string) => counters.filter((c) => c.entity === entity);
  const userGroups = of('users').map((c) => ({ role: c.k1 as Role, verified: c.k2 === 'true', n: c.n }));
  const lahanGroups = of('lahan').map((c) => ({ key: c.k1 as LahanStatus, n: c.n, area: c.amount }));
  const contractGroups = of('contracts').map((c) => ({
    key: c.k1 as ContractStatus,
    n: c.n,
    value: c.amount,
  }));

  const byRole = tally(
    ROLES,
    userGroups.map((g) => ({ key: g.role, n: g.n })),
  );
  const verified = userGroups.filter((g) => g.verified).reduce((a, g) => a + g.n, 0);
  const lahanByStatus = tally(LAHAN_STATUSES, lahanGroups);
  const contractsByStatus = tally(CONTRACT_STATUSES, contractGroups);
  return {
    users: { total: sumOf(byRole), byRole, verified, unverified: sumOf(byRole) - verified },
    lahan: {
      total: sumOf(lahanByStatus),
      totalArea: lahanGroups.reduce((a, g) => a + g.area, 0),
      byStatus: lahanByStatus,
    },
    contracts: {
      total: sumOf(contractsByStatus),
      byStatus: contractsByStatus,
      valueUnderContract: valueOf(contractGroups.filter((g) => UNDER_CONTRACT.includes(g.key))),
    },
    // Timestamps as the ISO strings the API writes; the response schema sends them as they are.
    recentContracts: JSON.parse(recent.data) as Static<typeof Contract>[],
  };
}
