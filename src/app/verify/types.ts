import type { Contract, PartyRole } from '../account/contracts/types';

/**
 * GET and POST /verify/{code}: the record's verdict and the signed terms a reader compares with the paper —
 * no names, NIK or contacts (docs/API.md, "Contract PDF, verification and deliveries").
 */
export interface Verification {
  code: string;
  /** signed: both parties signed the current version and the record holds; incomplete: not yet; invalid: changed */
  state: 'signed' | 'incomplete' | 'invalid';
  authentic: boolean;
  status: string;
  terms_version: number;
  sha256: string | null;
  /** The current version's terms as signed, and where the lahan is (kabupaten and province only). */
  terms: Pick<
    Contract,
    | 'commodity'
    | 'quantity'
    | 'unit'
    | 'price'
    | 'prices'
    | 'payment_days'
    | 'total_value'
    | 'start_date'
    | 'end_date'
  > & { kabupaten: string | null; province: string | null };
  signatures: { role: PartyRole; signed_at: string }[];
  /** POST only: whether the uploaded file is this contract's signed PDF, and why not. */
  file?: { matches: boolean; reason: string | null };
}
