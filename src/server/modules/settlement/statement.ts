import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/engine/client.js';
import { contractAdvances, contractDeliveries, contractPayments, contracts } from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import { getContract } from '../contracts/visibility.js';
import { verifyUrlOf } from '../contracts/pdf-source.js';
import { settledColumns } from './money-rows.js';
import { settlementOf } from './settlement.js';

/** Everything the settlement statement shows, read in one transaction (one consistent state). */
async function statementData(db: Db, user: AuthUser, contractId: number) {
  return db.transaction(async (tx) => {
    const contract = await getContract(tx, user, contractId);
    const [totals] = await tx.select(settledColumns).from(contracts).where(eq(contracts.id, contractId));
    const deliveries = await tx
      .select({
        lot_code: contractDeliveries.lot_code,
        date: contractDeliveries.date,
        grade: contractDeliveries.grade,
        accepted_quantity: contractDeliveries.accepted_quantity,
        value: contractDeliveries.value,
        paid_on: contractDeliveries.paid_on,
      })
      .from(contractDeliveries)
      .where(and(eq(contractDeliveries.contract_id, contractId), eq(contractDeliveries.status, 'confirmed')))
      .orderBy(asc(contractDeliveries.confirmed_at), asc(contractDeliveries.id));
    const advances = await tx
      .select({ kind: contractAdvances.kind, amount: contractAdvances.amount, date: contractAdvances.date })
      .from(contractAdvances)
      .where(and(eq(contractAdvances.contract_id, contractId), isNotNull(contractAdvances.confirmed_at)))
      .orderBy(asc(contractAdvances.id));
    const payments = await tx
      .select({
        amount: contractPayments.amount,
        method: contractPayments.method,
        reference: contractPayments.reference,
        date: contractPayments.date,
        confirmed: isNotNull(contractPayments.confirmed_at),
      })
      .from(contractPayments)
      .where(eq(contractPayments.contract_id, contractId))
      .orderBy(asc(contractPayments.id));
    return {
      contract,
      settlement: settlementOf({ ...totals!, outstanding: totals!.outstanding ?? 0 }),
      deliveries,
      advances,
      payments: payments.map((p) => ({ ...p, confirmed: Boolean(p.confirmed) })),
    };
  });
}

export type StatementData = Awaited<ReturnType<typeof statementData>>;

/**
 * GET /contract/{id}/settlement/pdf: the settlement statement as of now, rendered and digitally signed by the
 * platform like the contract PDF (any change breaks the signature). A contract the caller may not see is 404.
 */
export async function statementPdf(db: Db, config: Config, user: AuthUser, contractId: number) {
  const data = await statementData(db, user, contractId);
  const madeAt = new Date();
  // pdfkit, its fonts and the signing code are loaded with the first PDF, not at every start.
  const [{ renderStatementPdf }, { signPdf }, { signingCredentials }] = await Promise.all([
    import('./statement-pdf.js'),
    import('../contracts/pdf-signature.js'),
    import('../contracts/pdf-signing-key.js'),
  ]);
  const code = data.contract.verification_code;
  const pdf = await renderStatementPdf(data, { verifyUrl: verifyUrlOf(config, code), madeAt });
  return { code, pdf: await signPdf(pdf, await signingCredentials(config, db), madeAt) };
}
