import { and, eq } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { Db } from '../../db/engine/client.js';
import { equalsIfGiven } from '../../db/lists/filters.js';
import { listPage } from '../../db/lists/resource.js';
import { contracts, lahan } from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { contractList } from './list.js';
import type { ContractListQuery } from './schema.js';
import { visibleTo } from './visibility.js';

export type ContractQuery = Static<typeof ContractListQuery>;

/**
 * The contracts `user` may see, within `scope` (the contracts on lahan `scope.lahan_id`), searched, filtered,
 * sorted and paged, with the total (db/lists/resource.ts): records as JSON.
 */
export async function listContracts(
  db: Db,
  user: AuthUser,
  query: ContractQuery,
  scope?: { lahan_id: number },
) {
  return listPage(contractList.declared, db, query, (bind) => ({
    where: and(
      visibleTo(user, bind),
      equalsIfGiven(contracts.lahan_id, bind('scope_lahan_id', scope?.lahan_id)),
    ),
    shape: user.role,
    viewer: user,
  }));
}

/**
 * `GET /contract/lahan/{id}`: admins see every contract on the lahan; its owner and a mitra with a
 * contract on it see theirs. Anyone else gets 404, as for a missing lahan.
 */
export async function listLahanContracts(db: Db, user: AuthUser, lahanId: number, query: ContractQuery) {
  const [land] = await db.select({ petani_id: lahan.petani_id }).from(lahan).where(eq(lahan.id, lahanId));
  let allowed = user.role === 'admin' || (user.role === 'petani' && land?.petani_id === user.id);
  if (land && user.role === 'mitra') {
    const [party] = await db
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.lahan_id, lahanId), eq(contracts.mitra_id, user.id)))
      .limit(1);
    allowed = party !== undefined;
  }
  if (!land || !allowed) throw notFound('Lahan');
  return listContracts(db, user, query, { lahan_id: lahanId });
}
