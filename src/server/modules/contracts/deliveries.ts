import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { formatLongDate, formatNumber } from '../../../shared/format-id.js';
import type { DeliveryGrade } from '../../../shared/contracts.js';
import { MESSAGES } from '../../../shared/messages.js';
import type { Db, Tx } from '../../db/engine/client.js';
import { contractDeliveries, contractEvents, documents } from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import { conflict, notFound, validationError } from '../../http/errors.js';
import { decodeUpload, insertDocument, readStoredDocument, type Upload } from '../documents/service.js';
import { takeStep } from './events.js';
import { newLotCode } from './lot-code.js';
import { getContract } from './visibility.js';

const M = MESSAGES.contract;

/** A delivery as GET /contract/{id}/deliveries lists it. */
const deliveryRecord = {
  id: contractDeliveries.id,
  date: contractDeliveries.date,
  quantity: contractDeliveries.accepted_quantity,
  grade: sql<DeliveryGrade>`${contractDeliveries.grade}`,
  amount_paid: sql<number>`0`.mapWith(Number),
  photo_document_id: contractDeliveries.photo_document_id,
  created_at: contractDeliveries.created_at,
  confirmed_at: contractDeliveries.confirmed_at,
};

export interface DeliveryInput {
  date: string;
  quantity: number;
  grade: DeliveryGrade;
  amount_paid: number;
  photo?: Upload | null;
}

/** A delivery as it is answered. */
export type Delivery = Awaited<ReturnType<typeof listDeliveries>>[number];

const dateError = (message: string) => validationError(message, [{ field: 'date', message }]);

/** Today's date in Indonesia (WIB), YYYY-MM-DD: a delivery cannot be dated after it. */
const todayInJakarta = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());

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
  return db
    .select(deliveryRecord)
    .from(contractDeliveries)
    .where(eq(contractDeliveries.contract_id, contractId))
    .orderBy(asc(contractDeliveries.id));
}

/**
 * POST /contract/{id}/deliveries: the mitra of an active contract records a delivery, with its photo stored
 * as a document; the step's event and whose turn it is (the petani's, to confirm) come with it.
 */
export async function recordDelivery(db: Db, user: AuthUser, contractId: number, input: DeliveryInput) {
  const photo = input.photo ? { upload: input.photo, bytes: decodeUpload(input.photo, 'photo.') } : undefined;
  let recorded: Delivery | undefined;
  await takeStep(db, user, contractId, 'deliver', {
    note: `${formatLongDate(input.date)}: ${formatNumber(input.quantity)}, mutu ${input.grade}`,
    check: async (tx, contract) => {
      const first = await firstDeliveryDay(tx, contract);
      if (input.date < first) throw dateError(M.deliveryBeforeStart(formatLongDate(first)));
      if (input.date > todayInJakarta()) throw dateError(M.deliveryInFuture);
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
          gross_quantity: input.quantity,
          accepted_quantity: input.quantity,
          grade: input.grade,
          value: sql`round(${input.quantity}::numeric * ${contract.price})::bigint`,
          photo_document_id: stored?.id ?? null,
          recorded_by: user.id,
        })
        .returning(deliveryRecord);
    },
  });
  return recorded!;
}

/** POST /contract/{id}/deliveries/{deliveryId}/confirm: the petani of an active contract confirms a receipt. */
export async function confirmDelivery(db: Db, user: AuthUser, contractId: number, deliveryId: number) {
  const ofContract = and(
    eq(contractDeliveries.id, deliveryId),
    eq(contractDeliveries.contract_id, contractId),
  );
  let confirmed: Delivery | undefined;
  await takeStep(db, user, contractId, 'confirm', {
    note: `Pengiriman #${deliveryId}`,
    check: async (tx) => {
      const [delivery] = await tx
        .select({ confirmed_at: contractDeliveries.confirmed_at })
        .from(contractDeliveries)
        .where(ofContract);
      if (!delivery) throw notFound('Delivery');
      if (delivery.confirmed_at !== null) throw conflict(M.deliveryConfirmedAlready);
    },
    apply: async (tx) => {
      [confirmed] = await tx
        .update(contractDeliveries)
        .set({ status: 'confirmed', confirmed_at: new Date(), confirmed_by: user.id })
        .where(and(ofContract, isNull(contractDeliveries.confirmed_at)))
        .returning(deliveryRecord);
    },
  });
  return confirmed!;
}

/** A delivery's photo, for the contract's parties and admins; anyone else 404, as for a missing one. */
export async function deliveryPhoto(db: Db, user: AuthUser, contractId: number, deliveryId: number) {
  await getContract(db, user, contractId);
  const photoOf = db
    .select({ id: contractDeliveries.photo_document_id })
    .from(contractDeliveries)
    .where(and(eq(contractDeliveries.id, deliveryId), eq(contractDeliveries.contract_id, contractId)));
  return readStoredDocument(db, eq(documents.id, sql`(${photoOf})`), 'Photo');
}
