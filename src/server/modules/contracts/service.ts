import { and, eq, isNotNull, isNull, not, or, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import { CONTRACT_STATUSES } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';
import { equalsIfGiven } from '../../db/filters.js';
import { counted, EXACT_COUNT, listPage, type SortColumns } from '../../db/list.js';
import { alphabeticalRank, contracts, lahan } from '../../db/schema.js';
import { searchCondition } from '../../db/search.js';
import type { AuthUser } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import { selectContracts } from './records.js';
import type { CONTRACT_SORT_KEYS, ContractListQuery } from './schema.js';
import { visibleTo } from './visibility.js';

export type ContractQuery = Static<typeof ContractListQuery>;

const sortColumns: SortColumns<typeof CONTRACT_SORT_KEYS> = {
  created_at: contracts.created_at,
  title: contracts.title,
  // Alphabetical, not the enum's declaration order.
  status: alphabeticalRank(contracts.status, CONTRACT_STATUSES),
  start_date: contracts.start_date,
};

/** `awaiting=true`: whose step it is is the caller's (an admin: anyone's); false: the rest. */
function awaitingFilter(user: AuthUser, awaiting: boolean | undefined): SQL | undefined {
  if (awaiting === undefined) return undefined;
  const mine = user.role === 'admin' ? isNotNull(contracts.awaiting) : eq(contracts.awaiting, user.role);
  return awaiting ? mine : or(isNull(contracts.awaiting), not(mine));
}

/** The contracts `user` may see, within `scope`, searched, filtered, sorted and paged, with the exact total. */
export async function listContracts(db: Db, user: AuthUser, query: ContractQuery, scope?: SQL) {
  const search = searchCondition(contracts.search_text, query.q);
  const filters = [
    query.contract_category_id === undefined
      ? undefined
      : eq(contracts.contract_category_id, query.contract_category_id),
    equalsIfGiven(contracts.petani_id, query.petani_id),
    equalsIfGiven(contracts.mitra_id, query.mitra_id),
    equalsIfGiven(contracts.lahan_id, query.lahan_id),
    awaitingFilter(user, query.awaiting),
  ];
  const visible = visibleTo(user);
  // The counters serve an admin's list narrowed by status alone.
  const byStatusOnly = [visible, scope, search, ...filters].every((filter) => filter === undefined);
  return listPage(
    db,
    {
      table: contracts,
      id: contracts.id,
      where: and(visible, scope, search, equalsIfGiven(contracts.status, query.status), ...filters),
      sort: sortColumns[query.sort ?? 'created_at'],
      order: query.order,
      page: query.page,
      limit: query.limit,
      total: byStatusOnly ? counted('contracts', { k1: query.status }) : EXACT_COUNT,
    },
    (page) =>
      selectContracts(db, page.columns)
        .where(page.onPage)
        .orderBy(...page.order),
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
  return listContracts(db, user, query, eq(contracts.lahan_id, lahanId));
}
