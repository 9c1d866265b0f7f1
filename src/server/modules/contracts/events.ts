import { and, eq, inArray, ne, notExists, sql } from 'drizzle-orm';
import type { ContractStatus } from '../../../shared/constants.js';
import type { ContractAction, ContractActorRole } from '../../../shared/contracts.js';
import { MESSAGES } from '../../../shared/messages.js';
import { CONTRACT_STATUS_LABEL } from '../../../shared/statusLabels.js';
import type { Db, Tx } from '../../db/client.js';
import { contractDeliveries, contractEvents, contracts, lahan } from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import { conflict, invalidRole, notFound } from '../../http/errors.js';
import {
  allowedFrom,
  awaitingParty,
  LAHAN_EFFECTS,
  LIVE_STATUSES,
  mayTake,
  statusAfter,
  type ContractStep,
} from './lifecycle.js';
import { getContract, visibleTo } from './visibility.js';

const M = MESSAGES.contract;

/** Who takes a step: a signed-in user, or the system (the automatic start; no account). */
export type Actor = AuthUser | { id: null; role: 'system' };
export const SYSTEM: Actor = { id: null, role: 'system' };

const actorRole = (actor: Actor): ContractActorRole => actor.role;
/** The contracts the actor may act on (the system: all). */
const reachable = (actor: Actor) => (actor.role === 'system' ? undefined : visibleTo(actor));

export interface EventEntry {
  contractId: number;
  action: ContractAction;
  actor: Actor;
  from: ContractStatus | null;
  to: ContractStatus;
  termsVersion: number;
  note?: string | null;
}

/** One row of the contract's timeline, in the caller's transaction. */
export async function recordEvent(tx: Tx, entry: EventEntry) {
  await tx.insert(contractEvents).values({
    contract_id: entry.contractId,
    action: entry.action,
    actor_id: entry.actor.id,
    actor_role: actorRole(entry.actor),
    from_status: entry.from,
    to_status: entry.to,
    terms_version: entry.termsVersion,
    note: entry.note ?? null,
  });
}

/** Recomputes whose step it is (contracts.awaiting) from the contract's status, signatures and deliveries. */
export async function refreshAwaiting(tx: Tx, contractId: number) {
  const [row] = await tx
    .select({
      status: contracts.status,
      petaniSigned: sql<boolean>`(${contracts.petani_signed_at} is not null)`,
      mitraSigned: sql<boolean>`(${contracts.mitra_signed_at} is not null)`,
      // By parameter: in a one-table select drizzle renders columns unqualified ("id" would be the delivery's).
      unconfirmedDeliveries: sql<boolean>`exists (select 1 from ${contractDeliveries} where ${contractDeliveries.contract_id} = ${contractId} and ${contractDeliveries.confirmed_at} is null)`,
    })
    .from(contracts)
    .where(eq(contracts.id, contractId));
  if (row)
    await tx
      .update(contracts)
      .set({ awaiting: awaitingParty(row) })
      .where(eq(contracts.id, contractId));
}

/**
 * What `action` does to the contract's lahan (lifecycle.ts LAHAN_EFFECTS), in one conditional statement;
 * a release (reject, cancel) leaves the lahan alone while another live contract holds it. Answers whether
 * the lahan changed.
 */
export async function applyLahanEffect(
  tx: Tx,
  action: ContractAction,
  contractId: number,
  lahanId: number | null,
) {
  const effect = LAHAN_EFFECTS[action];
  if (!effect || lahanId === null) return false;
  const other = tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(
        eq(contracts.lahan_id, lahanId),
        ne(contracts.id, contractId),
        inArray(contracts.status, LIVE_STATUSES),
      ),
    );
  const changed = await tx
    .update(lahan)
    .set({ status: effect.to, updated_at: new Date() })
    .where(
      and(
        eq(lahan.id, lahanId),
        inArray(lahan.status, effect.from),
        effect.release ? notExists(other) : undefined,
      ),
    )
    .returning({ id: lahan.id });
  return changed.length > 0;
}

/** The contract row as a step sees it, after its status was checked and the row locked. */
export type LockedContract = typeof contracts.$inferSelect;

export interface StepOptions {
  note?: string | null;
  /** Refuses the step (throws) after the row is locked and its status checked; nothing is written. */
  check?: (tx: Tx, contract: LockedContract) => Promise<void>;
  /** Writes of the step itself (a new terms version, a signature …); answers the status it leads to. */
  apply?: (tx: Tx, contract: LockedContract) => Promise<ContractStatus | void>;
  /** Columns set with the status. */
  set?: Partial<typeof contracts.$inferInsert>;
}

/** 409 naming the status: 'Kontrak berstatus Disetujui tidak dapat ditawar ulang'. */
export const stepRefused = (action: ContractAction, status: ContractStatus) =>
  conflict(M.stepNotAllowed(CONTRACT_STATUS_LABEL[status] ?? status, M.stepVerbs[action]));

/**
 * Takes one step of the lifecycle as one transaction: a conditional UPDATE that locks the contract only in
 * a status the actor may take the step from (two concurrent steps cannot both pass), the step's own writes,
 * the status change, its event row, its lahan effect and whose step it is next. Not a party: 404; the other
 * party's step: 403; a status the step cannot be taken from: 409.
 */
export async function takeStep(
  db: Db | Tx,
  actor: Actor,
  contractId: number,
  action: ContractStep | 'edit',
  options: StepOptions = {},
) {
  return db.transaction(async (tx) => {
    const [seen] = await tx
      .select({ status: contracts.status })
      .from(contracts)
      .where(and(eq(contracts.id, contractId), reachable(actor)));
    if (!seen) throw notFound('Contract');
    if (!mayTake(action, actorRole(actor))) throw invalidRole();
    const allowed = allowedFrom(action, actorRole(actor));
    const [locked] = await tx
      .update(contracts)
      .set({ updated_at: new Date() })
      .where(and(eq(contracts.id, contractId), inArray(contracts.status, allowed)))
      .returning();
    if (!locked) {
      const [now] = await tx
        .select({ status: contracts.status })
        .from(contracts)
        .where(eq(contracts.id, contractId));
      throw stepRefused(action, now?.status ?? seen.status);
    }
    await options.check?.(tx, locked);
    const to = (await options.apply?.(tx, locked)) ?? statusAfter(action, locked.status);
    const [after] = await tx
      .update(contracts)
      .set({ ...options.set, status: to })
      .where(eq(contracts.id, contractId))
      .returning({ terms_version: contracts.terms_version });
    await recordEvent(tx, {
      contractId,
      action,
      actor,
      from: locked.status,
      to,
      termsVersion: after!.terms_version,
      note: options.note,
    });
    await applyLahanEffect(tx, action, contractId, locked.lahan_id);
    await refreshAwaiting(tx, contractId);
    return getContract(tx, actor.role === 'system' ? null : actor, contractId);
  });
}
