import { count, desc, sql, sum } from 'drizzle-orm';
import { CONTRACT_STATUSES, LAHAN_STATUSES, ROLES } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';
import { contracts, lahan, users } from '../../db/schema.js';
import { selectContracts } from '../contracts/records.js';

export const RECENT_CONTRACTS = 5;

/** `{ key: 0 }` for every key, then the counted groups added in. */
function tally<K extends string>(keys: readonly K[], groups: { key: K; n: number }[]): Record<K, number> {
  const counts = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const { key, n } of groups) counts[key] += n;
  return counts;
}

const sumOf = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/**
 * The dashboard's figures, counted by grouped queries in the database; one read-only snapshot, so
 * that the figures agree with each other even while others write.
 */
export async function adminStats(db: Db) {
  return db.transaction(
    async (tx) => {
      const userGroups = await tx
        .select({ role: users.role, verified: users.status_verifikasi, n: count() })
        .from(users)
        .groupBy(users.role, users.status_verifikasi);
      const lahanGroups = await tx
        .select({
          key: lahan.status,
          n: count(),
          area: sql<number>`coalesce(${sum(lahan.luas_lahan)}, 0)`.mapWith(Number),
        })
        .from(lahan)
        .groupBy(lahan.status);
      const contractGroups = await tx
        .select({ key: contracts.status, n: count() })
        .from(contracts)
        .groupBy(contracts.status);
      const recent = await selectContracts(tx)
        .orderBy(desc(contracts.created_at), desc(contracts.id))
        .limit(RECENT_CONTRACTS);

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
        contracts: { total: sumOf(contractsByStatus), byStatus: contractsByStatus },
        recentContracts: recent,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
