import { and, eq, inArray, notExists, notInArray, sql } from 'drizzle-orm';
import type { ContractStatus } from '../../../shared/constants.js';
import type { ContractAction, ContractActorRole, ContractParty } from '../../../shared/contracts.js';
import { MESSAGES } from '../../../shared/messages.js';
import { CONTRACT_STATUS_LABEL } from '../../../shared/statusLabels.js';
import type { Db, Tx } from '../../db/engine/client.js';
import { contractAdvances, contractDeliveries, contractEvents, contracts, lahan } from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import { notifyContractSteps } from '../notifications/notices.js';
import { conflict, invalidRole, notFound } from '../../http/errors.js';
import {
  allowedFrom,
  awaitingParty,
  LAHAN_EFFECTS,
  LIVE_STATUSES,
  mayTake,
  statusAfter,
  type ContractStep,
  type SettlementAction,
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
  /** The contract as the step left it: whom its notifications go to, and the title they show. */
  contract: { title: string; petani_id: number | null; mitra_id: number | null };
}

/** Rows of the contracts' timeline and the parties' notifications, in the caller's transaction. */
export async function recordEvents(tx: Tx, entries: EventEntry[]) {
  if (entries.length === 0) return;
  await tx.insert(contractEvents).values(
    entries.map((entry) => ({
      contract_id: entry.contractId,
      action: entry.action,
      actor_id: entry.actor.id,
      actor_role: actorRole(entry.actor),
      from_status: entry.from,
      to_status: entry.to,
      terms_version: entry.termsVersion,
      note: entry.note ?? null,
    })),
  );
  await notifyContractSteps(tx, entries);
}

/**
 * Recomputes whose step it is (contracts.awaiting) from each contract's status, signatures, deliveries and money:
 * one SELECT, then one UPDATE per party found (awaitingParty decides).
 */
export async function refreshAwaiting(tx: Tx, ...contractIds: number[]) {
  if (contractIds.length === 0) return;
  const rows = await tx
    .select({
      id: contracts.id,
      status: contracts.status,
      petaniSigned: sql<boolean>`(${contracts.petani_signed_at} is not null)`,
      mitraSigned: sql<boolean>`(${contracts.mitra_signed_at} is not null)`,
      // Qualified by hand: in a one-table select drizzle renders columns unqualified ("id" would be the delivery's).
      // A recorded delivery waits on the petani; a disputed one waits on an admin, not on either party.
      unconfirmedDeliveries: sql<boolean>`exists (select 1 from ${contractDeliveries} where ${contractDeliveries.contract_id} = "contracts"."id" and ${contractDeliveries.status} = 'recorded')`,
      unconfirmedMoney: sql<boolean>`(exists (select 1 from ${contractAdvances} where ${contractAdvances.contract_id} = "contracts"."id" and ${contractAdvances.confirmed_at} is null) or ${contracts.settled_pending} > 0)`,
      owed: sql<boolean>`(${contracts.settled_outstanding} > 0)`,
    })
    .from(contracts)
    .where(inArray(contracts.id, contractIds));
  const byParty = new Map<ContractParty | null, number[]>();
  for (const row of rows) {
    const party = awaitingParty(row);
    const ids = byParty.get(party);
    if (ids) ids.push(row.id);
    else byParty.set(party, [row.id]);
  }
  for (const [awaiting, ids] of byParty)
    await tx.update(contracts).set({ awaiting }).where(inArray(contracts.id, ids));
}

/** A contract a step was taken on, and its lahan (if any). */
export interface SteppedContract {
  contractId: number;
  lahanId: number | null;
}

/**
 * What `action` does to the lahan of the contracts it was taken on (lifecycle.ts LAHAN_EFFECTS), in one
 * conditional statement; a release (reject, cancel) leaves a lahan alone while another live contract holds
 * it. Answers whether any lahan changed.
 */
export async function applyLahanEffect(tx: Tx, action: ContractAction, stepped: SteppedContract[]) {
  const effect = LAHAN_EFFECTS[action];
  const lahanIds = stepped.flatMap(({ lahanId }) => (lahanId === null ? [] : [lahanId]));
  if (!effect || lahanIds.length === 0) return false;
  const other = tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(
        eq(contracts.lahan_id, lahan.id),
        notInArray(
          contracts.id,
          stepped.map(({ contractId }) => contractId),
        ),
        inArray(contracts.status, LIVE_STATUSES),
      ),
    );
  const changed = await tx
    .update(lahan)
    .set({ status: effect.to, updated_at: new Date() })
    .where(
      and(
        inArray(lahan.id, lahanIds),
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
  action: ContractStep | SettlementAction | 'edit',
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
      .returning({
        terms_version: contracts.terms_version,
        title: contracts.title,
        petani_id: contracts.petani_id,
        mitra_id: contracts.mitra_id,
      });
    await recordEvents(tx, [
      {
        contractId,
        action,
        actor,
        from: locked.status,
        to,
        termsVersion: after!.terms_version,
        note: options.note,
        contract: after!,
      },
    ]);
    await applyLahanEffect(tx, action, [{ contractId, lahanId: locked.lahan_id }]);
    await refreshAwaiting(tx, contractId);
    return getContract(tx, actor.role === 'system' ? null : actor, contractId);
  });
}
