import { and, eq, isNotNull, isNull, not, or, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import type { Db } from '../../db/engine/client.js';
import { equalsIfGiven } from '../../db/lists/filters.js';
import { CAPPED_COUNT, counted, type SortColumns } from '../../db/lists/list-spec.js';
import { listJson } from '../../db/lists/list-json.js';
import { binder, type Bind } from '../../db/lists/prebuilt.js';
import { alphabeticalRank, contracts, lahan } from '../../db/schema.js';
import { searchCondition } from '../../db/search/search.js';
import type { AuthUser } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { contractPageRecords } from './records.js';
import type { CONTRACT_SORT_KEYS, ContractListQuery } from './schema.js';
import { visibleTo } from './visibility.js';

export type ContractQuery = Static<typeof ContractListQuery>;

const sortColumns: SortColumns<typeof CONTRACT_SORT_KEYS> = {
  created_at: contracts.created_at,
  title: contracts.title,
  // Alphabetical, not the enum's declaration order.
  status: alphabeticalRank(contracts.status),
  start_date: contracts.start_date,
};

/** `awaiting=true`: whose step it is is the caller's (an admin: anyone's); false: the rest. */
function awaitingFilter(user: AuthUser, awaiting: boolean | undefined, bind: Bind): SQL | undefined {
  if (awaiting === undefined) return undefined;
  const mine =
    user.role === 'admin'
      ? isNotNull(contracts.awaiting)
      : eq(contracts.awaiting, bind('awaiting', user.role)!);
  return awaiting ? mine : or(isNull(contracts.awaiting), not(mine));
}

/**
 * The contracts `user` may see, within `scope` (the contracts on lahan `scope.lahan_id`), searched, filtered,
 * sorted and paged, with the total (db/lists/list-spec.ts): records as JSON.
 */
export async function listContracts(
  db: Db,
  user: AuthUser,
  query: ContractQuery,
  scope?: { lahan_id: number },
) {
  const { bind, values } = binder();
  const search = searchCondition(contracts.search_text, query.q, bind);
  const filters = [
    equalsIfGiven(contracts.contract_category_id, bind('contract_category_id', query.contract_category_id)),
    equalsIfGiven(contracts.petani_id, bind('petani_id', query.petani_id)),
    equalsIfGiven(contracts.mitra_id, bind('mitra_id', query.mitra_id)),
    equalsIfGiven(contracts.lahan_id, bind('lahan_id', query.lahan_id)),
    awaitingFilter(user, query.awaiting, bind),
  ];
  const visible = visibleTo(user, bind);
  const inScope = equalsIfGiven(contracts.lahan_id, bind('scope_lahan_id', scope?.lahan_id));
  // The counters serve an admin's list narrowed by status alone.
  const byStatusOnly = [visible, inScope, search, ...filters].every((filter) => filter === undefined);
  const sort = query.sort ?? 'created_at';
  return listJson(
    db,
    {
      shape: `contracts|${user.role}|${sort}|awaiting:${query.awaiting}`,
      values,
      table: contracts,
      id: contracts.id,
      where: and(
        visible,
        inScope,
        search,
        equalsIfGiven(contracts.status, bind('status', query.status)),
        ...filters,
      ),
      sort: sortColumns[sort],
      order: query.order,
      page: query.page,
      limit: query.limit,
      total: byStatusOnly ? counted('contracts', { k1: bind('counted_status', query.status) }) : CAPPED_COUNT,
      planPerCall: search !== undefined,
    },
    contractPageRecords(db),
  );
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
