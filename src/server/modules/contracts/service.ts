import { equalsIfGiven } from '../../db/filters.js';
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Static } from 'typebox';
import { CONTRACT_STATUSES, type ContractStatus } from '../../../shared/constants.js';
import { MESSAGES } from '../../../shared/messages.js';
import type { Db, Tx } from '../../db/client.js';
import { counted, EXACT_COUNT, listPage, type SortColumns } from '../../db/list.js';
import { alphabeticalRank, contractCategories, contracts, lahan, users } from '../../db/schema.js';
import { searchCondition } from '../../db/search.js';
import type { AuthUser } from '../../http/context.js';
import { invalidRole, notFound, validationError, type FieldError } from '../../http/errors.js';
import type { ContractFields } from './fields.js';
import { selectContracts } from './records.js';
import type { CONTRACT_SORT_KEYS, ContractListQuery } from './schema.js';
import { statusesLeadingTo } from './status.js';

export type ContractQuery = Static<typeof ContractListQuery>;

const M = MESSAGES.contract;

const sortColumns: SortColumns<typeof CONTRACT_SORT_KEYS> = {
  created_at: contracts.created_at,
  title: contracts.title,
  // Alphabetical, not the enum's declaration order.
  status: alphabeticalRank(contracts.status, CONTRACT_STATUSES),
  start_date: contracts.start_date,
};

const fieldError = (field: string, message: string) => validationError(message, [{ field, message }]);

/** Which contracts a caller may see: admins all, a petani or mitra those they are a party to. */
function visibleTo(user: AuthUser): SQL | undefined {
  if (user.role === 'admin') return undefined;
  if (user.role === 'petani') return eq(contracts.petani_id, user.id);
  return eq(contracts.mitra_id, user.id);
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

/** One contract; one the caller is not a party to is answered exactly like a missing one (404). */
export async function getContract(db: Db | Tx, user: AuthUser, id: number) {
  const [row] = await selectContracts(db).where(and(eq(contracts.id, id), visibleTo(user)));
  if (!row) throw notFound('Contract');
  return row;
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

interface References {
  contract_category_id?: number;
  petani_id?: number;
  mitra_id?: number;
  /** The lahan must belong to `petani_id` (and be active when a mitra proposes on it). */
  lahan?: { id: number; petani_id: number | null; activeOnly: boolean };
}

/**
 * Checks that every referenced record exists with the right role or owner, and holds a key-share lock on
 * each until the transaction ends, so that none can be deleted between the check and the write.
 */
async function assertReferences(tx: Tx, refs: References) {
  const errors: FieldError[] = [];
  const found = async (rows: Promise<unknown[]>) => (await rows).length > 0;
  const person = (id: number, role: 'petani' | 'mitra') =>
    found(
      tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), eq(users.role, role)))
        .for('key share'),
    );
  if (
    refs.contract_category_id !== undefined &&
    !(await found(
      tx
        .select({ id: contractCategories.id })
        .from(contractCategories)
        .where(eq(contractCategories.id, refs.contract_category_id))
        .for('key share'),
    ))
  )
    errors.push({ field: 'contract_category_id', message: M.categoryMissing });
  if (refs.petani_id !== undefined && !(await person(refs.petani_id, 'petani')))
    errors.push({ field: 'petani_id', message: M.petaniMissing });
  if (refs.mitra_id !== undefined && !(await person(refs.mitra_id, 'mitra')))
    errors.push({ field: 'mitra_id', message: M.mitraMissing });
  if (refs.lahan) {
    const { id, petani_id, activeOnly } = refs.lahan;
    const owned =
      petani_id !== null &&
      (await found(
        tx
          .select({ id: lahan.id })
          .from(lahan)
          .where(
            and(
              eq(lahan.id, id),
              eq(lahan.petani_id, petani_id),
              activeOnly ? eq(lahan.status, 'active') : undefined,
            ),
          )
          .for('key share'),
      ));
    if (!owned) errors.push({ field: 'lahan_id', message: M.lahanMissing });
  }
  if (errors.length > 0)
    throw validationError(errors.length === 1 ? errors[0]!.message : M.invalidData, errors);
}

function assertDateOrder(start: string | undefined, end: string | undefined) {
  if (start !== undefined && end !== undefined && end < start) throw fieldError('end_date', M.endBeforeStart);
}

/**
 * Admins create any contract. A mitra (verified: the route refuses others) proposes one in their own name
 * to a petani, on an active lahan of that petani; the proposal is `pending` (another status is refused).
 */
export async function createContract(db: Db, user: AuthUser, input: ContractFields) {
  const isMitra = user.role === 'mitra';
  const mitraId = isMitra ? (input.mitra_id ?? user.id) : input.mitra_id;
  if (isMitra && mitraId !== user.id) throw fieldError('mitra_id', M.mitraSelfOnly);
  if (isMitra && input.status !== undefined && input.status !== 'pending')
    throw fieldError('status', M.proposalPending);
  if (mitraId === undefined) throw fieldError('mitra_id', M.mitraRequired);
  if (isMitra && (input.lahan_id === undefined || input.lahan_id === null))
    throw fieldError('lahan_id', M.lahanRequired);
  assertDateOrder(input.start_date, input.end_date);
  const values = {
    ...input,
    title: input.title!,
    commodity: input.commodity!,
    quantity: input.quantity!,
    price: input.price!,
    start_date: input.start_date!,
    end_date: input.end_date!,
    mitra_id: mitraId,
    status: isMitra ? ('pending' as const) : (input.status ?? 'pending'),
  };
  return db.transaction(async (tx) => {
    await assertReferences(tx, {
      contract_category_id: input.contract_category_id,
      petani_id: input.petani_id,
      mitra_id: mitraId,
      lahan:
        input.lahan_id == null
          ? undefined
          : { id: input.lahan_id, petani_id: input.petani_id!, activeOnly: isMitra },
    });
    const [row] = await tx.insert(contracts).values(values).returning({ id: contracts.id });
    return getContract(tx, user, row!.id);
  });
}

/**
 * A party moves the status along `PARTY_TRANSITIONS` in one statement, so that two concurrent changes
 * cannot both pass the check; anything else answers 400 and changes nothing.
 */
async function changeStatus(
  db: Db,
  user: AuthUser & { role: 'petani' | 'mitra' },
  id: number,
  to: ContractStatus,
) {
  const from = statusesLeadingTo(to, user.role);
  return db.transaction(async (tx) => {
    const changed =
      from.length === 0
        ? []
        : await tx
            .update(contracts)
            .set({ status: to, updated_at: new Date() })
            .where(and(eq(contracts.id, id), visibleTo(user), inArray(contracts.status, from)))
            .returning({ id: contracts.id });
    const current = await getContract(tx, user, id); // 404 when not theirs
    if (changed.length === 0) throw fieldError('status', M.statusTransition(current.status, to));
    return current;
  });
}

const isParty = (user: AuthUser): user is AuthUser & { role: 'petani' | 'mitra' } => user.role !== 'admin';

/** Admins change any field; a party only the status, along the allowed transitions. */
export async function updateContract(db: Db, user: AuthUser, id: number, input: ContractFields) {
  if (isParty(user)) {
    const { status, ...rest } = input;
    if (Object.keys(rest).length > 0) {
      await getContract(db, user, id); // 404 before 403: do not reveal others' contracts
      throw invalidRole();
    }
    if (status === undefined) throw fieldError('status', M.statusInvalid);
    return changeStatus(db, user, id, status);
  }

  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(contracts).where(eq(contracts.id, id)).for('update');
    if (!current) throw notFound('Contract');
    const merged = { ...current, ...input };
    if (input.start_date !== undefined || input.end_date !== undefined)
      assertDateOrder(merged.start_date, merged.end_date);
    const lahanChanges = input.lahan_id !== undefined || input.petani_id !== undefined;
    await assertReferences(tx, {
      contract_category_id: input.contract_category_id,
      petani_id: input.petani_id,
      mitra_id: input.mitra_id,
      lahan:
        lahanChanges && merged.lahan_id !== null
          ? { id: merged.lahan_id, petani_id: merged.petani_id, activeOnly: false }
          : undefined,
    });
    if (Object.keys(input).length > 0)
      await tx
        .update(contracts)
        .set({ ...input, updated_at: new Date() })
        .where(eq(contracts.id, id));
    return getContract(tx, user, id);
  });
}

/** Admins only (the route's guard). Answers the deleted record. */
export async function deleteContract(db: Db, user: AuthUser, id: number) {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: contracts.id })
      .from(contracts)
      .where(eq(contracts.id, id))
      .for('update');
    if (!locked) throw notFound('Contract');
    const row = await getContract(tx, user, id);
    await tx.delete(contracts).where(eq(contracts.id, id));
    return row;
  });
}
