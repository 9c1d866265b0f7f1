import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { formatLongDate, formatNumber, todayInJakarta } from '../../../shared/format-id.js';
import { MESSAGES } from '../../../shared/messages.js';
import { DELIVERY_STATUS_LABEL, type DeliveryStatus } from '../../../shared/settlement.js';
import type { Db, Tx } from '../../db/engine/client.js';
import { contractDeliveries, contractEvents } from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import { conflict, notFound, validationError, type FieldError } from '../../http/errors.js';
import { decodeUpload, insertDocument, type Upload } from '../documents/service.js';
import { notifyDispute } from '../notifications/notices.js';
import { refreshSettlement } from './settlement-totals.js';
import { takeStep, type LockedContract } from './events.js';
import { newLotCode } from './lot-code.js';
import { getContract } from './visibility.js';
import { childPhoto, childRows } from './child-rows.js';

const M = MESSAGES.contract;
const D = MESSAGES.delivery;

/** A lot as weighed, graded and valued (DeliveryWeighing): in its record and on its receipt. */
export const deliveryWeighing = {
  lot_code: contractDeliveries.lot_code,
  date: contractDeliveries.date,
  gross_quantity: contractDeliveries.gross_quantity,
  accepted_quantity: contractDeliveries.accepted_quantity,
  rejected_quantity: contractDeliveries.rejected_quantity,
  rejection_reason: contractDeliveries.rejection_reason,
  grade: contractDeliveries.grade,
  value: contractDeliveries.value,
  status: contractDeliveries.status,
};

/** A delivery as GET /contract/{id}/deliveries lists it. */
const deliveryRecord = {
  id: contractDeliveries.id,
  ...deliveryWeighing,
  photo_document_id: contractDeliveries.photo_document_id,
  dispute_reason: contractDeliveries.dispute_reason,
  disputed_at: contractDeliveries.disputed_at,
  resolved_at: contractDeliveries.resolved_at,
  resolution_note: contractDeliveries.resolution_note,
  created_at: contractDeliveries.created_at,
  confirmed_at: contractDeliveries.confirmed_at,
};

/** What is weighed and graded: the body of a new delivery, and what a resolution may correct. */
interface Weighing {
  accepted_quantity: number;
  rejected_quantity: number;
  rejection_reason?: string | null;
  grade: string;
}

export interface DeliveryInput extends Weighing {
  date: string;
  gross_quantity: number;
  photo?: Upload | null;
}

export type Correction = Partial<Weighing> & { note: string };

/** A delivery as it is answered. */
export type Delivery = Awaited<ReturnType<typeof listDeliveries>>[number];

const dateError = (message: string) => validationError(message, [{ field: 'date', message }]);
const fieldsError = (errors: FieldError[]) =>
  validationError(errors.length === 1 ? errors[0]!.message : D.invalidData, errors);

/** The parts of a weighing that do not add up: more accepted and rejected than weighed, a rejection without reason. */
function weighingProblems(gross: number, w: Weighing): FieldError[] {
  const problems: FieldError[] = [];
  // In hundredths, as the columns keep them: 0.1 + 0.2 is not above 0.3.
  if (Math.round(w.accepted_quantity * 100) + Math.round(w.rejected_quantity * 100) > Math.round(gross * 100))
    problems.push({ field: 'accepted_quantity', message: D.overGross });
  if (w.rejected_quantity > 0 && !w.rejection_reason)
    problems.push({ field: 'rejection_reason', message: D.reasonRequired });
  return problems;
}

/**
 * The value of `accepted` of `grade` on this contract, as SQL: round(accepted × price) in numeric, to whole
 * rupiah. A grade the contract's price table does not have: 400 on `grade` naming the ones it has.
 */
function valueOf(contract: LockedContract, accepted: number, grade: string) {
  const row = contract.prices.find((p) => p.grade === grade);
  if (!row) {
    const message = D.gradeNotInContract(contract.prices.map((p) => p.grade));
    throw validationError(message, [{ field: 'grade', message }]);
  }
  return sql<number>`round(${String(accepted)}::numeric * ${String(row.price)}::numeric)::bigint`;
}

/**
 * The first day a delivery may be dated: the day the contract started (its start event, in WIB) or its
 * start date, whichever is earlier — a mitra may start before the start date and deliver from then on.
 */
async function firstDeliveryDay(tx: Tx, contract: { id: number; start_date: string }) {
  const [started] = await tx
    .select({
      on: sql<string | null>`min((${contractEvents.created_at} at time zone 'Asia/Jakarta')::date)::text`,
    })
    .from(contractEvents)
    .where(and(eq(contractEvents.contract_id, contract.id), eq(contractEvents.action, 'start')));
  const on = started?.on;
  return on && on < contract.start_date ? on : contract.start_date;
}

/** GET /contract/{id}/deliveries: oldest first; a contract the caller may not see is 404. */
export async function listDeliveries(db: Db, user: AuthUser, contractId: number) {
  await getContract(db, user, contractId);
  return childRows(db, contractDeliveries, deliveryRecord, contractId);
}

/**
 * POST /contract/{id}/deliveries: the mitra of an active contract records a weighed and graded lot, with its
 * photo stored as a document; the step's event and whose turn it is (the petani's, to confirm) come with it.
 */
export async function recordDelivery(db: Db, user: AuthUser, contractId: number, input: DeliveryInput) {
  const problems = weighingProblems(input.gross_quantity, input);
  if (problems.length > 0) throw fieldsError(problems);
  const photo = input.photo ? { upload: input.photo, bytes: decodeUpload(input.photo, 'photo.') } : undefined;
  let recorded: Delivery | undefined;
  await takeStep(db, user, contractId, 'deliver', {
    note: `${formatLongDate(input.date)}: ${formatNumber(input.accepted_quantity)} diterima, mutu ${input.grade}`,
    check: async (tx, contract) => {
      const first = await firstDeliveryDay(tx, contract);
      if (input.date < first) throw dateError(M.deliveryBeforeStart(formatLongDate(first)));
      if (input.date > todayInJakarta()) throw dateError(M.deliveryInFuture);
      valueOf(contract, input.accepted_quantity, input.grade);
    },
    apply: async (tx, contract) => {
      const stored =
        photo && (await insertDocument(tx, user.id, 'delivery_photo', photo.upload, photo.bytes));
      [recorded] = await tx
        .insert(contractDeliveries)
        .values({
          contract_id: contractId,
          lot_code: newLotCode(),
          date: input.date,
          gross_quantity: input.gross_quantity,
          accepted_quantity: input.accepted_quantity,
          rejected_quantity: input.rejected_quantity,
          rejection_reason: input.rejected_quantity > 0 ? input.rejection_reason! : null,
          grade: input.grade,
          value: valueOf(contract, input.accepted_quantity, input.grade),
          photo_document_id: stored?.id ?? null,
          recorded_by: user.id,
        })
        .returning(deliveryRecord);
    },
  });
  return recorded!;
}

type DeliveryRow = typeof contractDeliveries.$inferSelect;

interface DeliveryStep {
  action: 'confirm' | 'dispute' | 'resolve';
  /** The status the delivery must be in; else `refused` (409). */
  from: DeliveryStatus;
  refused: (status: DeliveryStatus) => Error;
  note: string;
  /** The columns the step sets, from the row as it is and the locked contract (may refuse: throw). */
  set: (row: DeliveryRow, contract: LockedContract) => PgUpdateSetSource<typeof contractDeliveries>;
  /** Writes that follow the change in its transaction (who else is told). */
  after?: (tx: Tx, contract: LockedContract) => Promise<unknown>;
}

/**
 * A step on one delivery of a contract (takeStep: the contract's row lock, who may, from which contract status),
 * taken only from `from`. A confirmed delivery counts in the settlement, so it is refreshed whenever one becomes
 * confirmed. A delivery of another contract, or none: 404.
 */
async function stepOnDelivery(
  db: Db,
  user: AuthUser,
  contractId: number,
  deliveryId: number,
  step: DeliveryStep,
) {
  const ofContract = and(
    eq(contractDeliveries.id, deliveryId),
    eq(contractDeliveries.contract_id, contractId),
  );
  let row: DeliveryRow | undefined;
  let changed: Delivery | undefined;
  await takeStep(db, user, contractId, step.action, {
    note: step.note,
    check: async (tx) => {
      [row] = await tx.select().from(contractDeliveries).where(ofContract);
      if (!row) throw notFound('Delivery');
      if (row.status !== step.from) throw step.refused(row.status);
    },
    apply: async (tx, contract) => {
      const set = step.set(row!, contract);
      [changed] = await tx
        .update(contractDeliveries)
        .set(set)
        .where(and(ofContract, eq(contractDeliveries.status, step.from)))
        .returning(deliveryRecord);
      if (set.status === 'confirmed') await refreshSettlement(tx, contractId);
      await step.after?.(tx, contract);
    },
  });
  return changed!;
}

const notRecorded = (status: DeliveryStatus) =>
  conflict(
    status === 'confirmed' ? M.deliveryConfirmedAlready : D.notRecorded(DELIVERY_STATUS_LABEL[status]),
  );

/** POST …/deliveries/{deliveryId}/confirm: the petani confirms receipt of a recorded delivery; it now counts. */
export const confirmDelivery = (db: Db, user: AuthUser, contractId: number, deliveryId: number) =>
  stepOnDelivery(db, user, contractId, deliveryId, {
    action: 'confirm',
    from: 'recorded',
    refused: notRecorded,
    note: `Pengiriman #${deliveryId}`,
    set: () => ({ status: 'confirmed', confirmed_at: new Date(), confirmed_by: user.id }),
  });

/** POST …/deliveries/{deliveryId}/dispute: the petani disputes a recorded delivery; it waits on an admin. */
export const disputeDelivery = (
  db: Db,
  user: AuthUser,
  contractId: number,
  deliveryId: number,
  { reason }: { reason: string },
) =>
  stepOnDelivery(db, user, contractId, deliveryId, {
    action: 'dispute',
    from: 'recorded',
    refused: notRecorded,
    note: `Pengiriman #${deliveryId}: ${reason}`,
    set: () => ({ status: 'disputed', dispute_reason: reason, disputed_at: new Date() }),
    after: notifyDispute,
  });

/**
 * POST …/deliveries/{deliveryId}/resolve: an admin settles a dispute — the delivery is confirmed with the
 * corrections given (each checked against the weighing as it stands), and its value is computed again.
 */
export const resolveDelivery = (
  db: Db,
  user: AuthUser,
  contractId: number,
  deliveryId: number,
  correction: Correction,
) =>
  stepOnDelivery(db, user, contractId, deliveryId, {
    action: 'resolve',
    from: 'disputed',
    refused: () => conflict(D.notDisputed),
    note: `Pengiriman #${deliveryId}: ${correction.note}`,
    set: (row, contract) => {
      const weighing: Weighing = {
        accepted_quantity: correction.accepted_quantity ?? row.accepted_quantity,
        rejected_quantity: correction.rejected_quantity ?? row.rejected_quantity,
        rejection_reason:
          correction.rejection_reason === undefined ? row.rejection_reason : correction.rejection_reason,
        grade: correction.grade ?? row.grade,
      };
      const problems = weighingProblems(row.gross_quantity, weighing);
      if (problems.length > 0) throw fieldsError(problems);
      const now = new Date();
      return {
        ...weighing,
        rejection_reason: weighing.rejected_quantity > 0 ? weighing.rejection_reason : null,
        value: valueOf(contract, weighing.accepted_quantity, weighing.grade),
        status: 'confirmed',
        confirmed_at: now,
        confirmed_by: user.id,
        resolved_at: now,
        resolved_by: user.id,
        resolution_note: correction.note,
      };
    },
  });

/** A delivery's photo, for the contract's parties and admins; anyone else 404, as for a missing one. */
export async function deliveryPhoto(db: Db, user: AuthUser, contractId: number, deliveryId: number) {
  await getContract(db, user, contractId);
  return childPhoto(db, contractDeliveries, contractId, deliveryId);
}
