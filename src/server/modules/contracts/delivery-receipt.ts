import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/engine/client.js';
import { contractDeliveries, contracts } from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import { notFound } from '../../http/errors.js';
import type { DeliveryWeighing } from '../../../shared/settlement.js';
import { deliveryWeighing } from './deliveries.js';
import { verifyUrlOf } from './pdf-source.js';
import { getContract } from './visibility.js';

/** `<PUBLIC_URL>/lacak/<lot>`: the public trace of a lot, in the QR code of its receipt. */
export const traceUrlOf = (config: Config, lot: string) => `${config.publicUrl}/lacak/${lot}`;

/** What a delivery's receipt shows: the lot, its weighing and grade, and the contract it was delivered under. */
export interface ReceiptData extends DeliveryWeighing {
  created_at: Date;
  contract_id: number;
  title: string;
  verification_code: string;
  commodity: string;
  unit: string;
  traceUrl: string;
  verifyUrl: string;
}

/**
 * GET /contract/{id}/deliveries/{deliveryId}/receipt: the receipt of one lot as a PDF, for the contract's
 * parties and admins (anyone else, or a delivery of another contract: 404). Everything in it comes from the
 * data, so the same delivery in the same status gives the same bytes.
 */
export async function deliveryReceipt(
  db: Db,
  config: Config,
  user: AuthUser,
  contractId: number,
  deliveryId: number,
) {
  await getContract(db, user, contractId);
  const [row] = await db
    .select({
      ...deliveryWeighing,
      created_at: contractDeliveries.created_at,
      contract_id: contracts.id,
      title: contracts.title,
      verification_code: contracts.verification_code,
      commodity: contracts.commodity,
      unit: contracts.unit,
    })
    .from(contractDeliveries)
    .innerJoin(contracts, eq(contracts.id, contractDeliveries.contract_id))
    .where(and(eq(contractDeliveries.id, deliveryId), eq(contractDeliveries.contract_id, contractId)));
  if (!row) throw notFound('Delivery');
  const { renderReceiptPdf } = await import('./delivery-receipt-pdf.js');
  const pdf = await renderReceiptPdf({
    ...row,
    traceUrl: traceUrlOf(config, row.lot_code),
    verifyUrl: verifyUrlOf(config, row.verification_code),
  });
  return { lot: row.lot_code, pdf };
}
