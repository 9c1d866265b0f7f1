import { and, eq, isNull } from 'drizzle-orm';
import { MESSAGES } from '../../../shared/messages.js';
import type { Tx } from '../../db/engine/client.js';
import { contracts, contractSignatures } from '../../db/schema.js';
import { validationError } from '../../http/errors.js';
import { currentTerms, freezeCurrentTerms, type Proposal } from './document.js';
import type { LockedContract } from './events.js';
import { canonicalJson } from './document.js';
import { gradeAOnly, type GradePrice } from '../../../shared/settlement.js';

const M = MESSAGES.contract;

/** The price table a body gives (fields.ts `priceProblems` allows one of them): `prices`, or `price` as grade A. */
export const pricesOf = ({ price, prices }: { price?: number; prices?: GradePrice[] }) =>
  prices ?? (price === undefined ? undefined : gradeAOnly(price));

/** The columns a price table sets: the table, and its first grade's price as `price`. */
const priceColumns = (prices: GradePrice[] | undefined) =>
  prices === undefined ? {} : { prices, price: prices[0]!.price };

/** What a new version of the terms may change: the terms, and (admins) what else the document shows. */
export interface TermChanges {
  prices?: GradePrice[];
  payment_days?: number;
  quantity?: number;
  unit?: string;
  start_date?: string;
  end_date?: string;
  delivery_terms?: string | null;
  title?: string;
  contract_category_id?: number;
}

/** The changes that differ from the contract as it stands (a price table by its rows, in order). */
export function changedTerms(contract: LockedContract, changes: TermChanges): TermChanges {
  return Object.fromEntries(
    Object.entries(changes).filter(
      ([key, value]) =>
        value !== undefined && canonicalJson(contract[key as keyof TermChanges]) !== canonicalJson(value),
    ),
  ) as TermChanges;
}

export function assertDateOrder(start: string | undefined, end: string | undefined) {
  if (start !== undefined && end !== undefined && end < start)
    throw validationError(M.endBeforeStart, [{ field: 'end_date', message: M.endBeforeStart }]);
}

/**
 * A new version of the terms: the contract takes the changes and the next terms_version, every signature
 * of earlier versions is voided (nobody signed these terms yet), and the version is frozen with its
 * document. A contract from before the lifecycle gets its first version frozen first.
 * At least one change is required (400 'Ajukan setidaknya satu perubahan syarat').
 */
export async function proposeTerms(
  tx: Tx,
  contract: LockedContract,
  changes: TermChanges,
  proposal: Proposal,
) {
  const changed = changedTerms(contract, changes);
  if (Object.keys(changed).length === 0) throw validationError(M.termsUnchanged);
  assertDateOrder(changed.start_date ?? contract.start_date, changed.end_date ?? contract.end_date);
  await currentTerms(tx, contract.id);
  await tx
    .update(contracts)
    .set({
      ...changed,
      ...priceColumns(changed.prices),
      terms_version: contract.terms_version + 1,
      petani_signed_at: null,
      mitra_signed_at: null,
    })
    .where(eq(contracts.id, contract.id));
  await tx
    .update(contractSignatures)
    .set({ voided_at: new Date() })
    .where(and(eq(contractSignatures.contract_id, contract.id), isNull(contractSignatures.voided_at)));
  await freezeCurrentTerms(tx, contract.id, proposal);
}
