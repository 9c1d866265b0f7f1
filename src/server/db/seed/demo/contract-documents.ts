import { canonicalJson, sha256Hex } from '../../../modules/contracts/document.js';
import type { ContractDocument } from '../../../modules/contracts/pdf-document.js';
import type { Terms } from './contract-story.js';
import { gradeAOnly, type GradePrice } from '../../../../shared/settlement.js';

/**
 * The canonical document of version `version` with `terms`, frozen as the actions freeze it
 * (modules/contracts/document.ts): `current` — the contract's parties, lahan and title as they stand
 * (`currentDocument`) — with the version's terms (a version without a price table: its price as grade A).
 */
export function versionDocument(
  current: ContractDocument,
  v: Terms & { version: number; prices?: GradePrice[]; payment_days?: number },
) {
  const text = canonicalJson({
    ...current,
    terms_version: v.version,
    quantity: v.quantity,
    unit: v.unit,
    price: v.price,
    prices: v.prices ?? gradeAOnly(v.price),
    payment_days: v.payment_days ?? current.payment_days,
    total_value: v.price * v.quantity,
    start_date: v.start_date,
    end_date: v.end_date,
    delivery_terms: v.delivery_terms,
  });
  return { document: text, sha256: sha256Hex(text) };
}
