/** The records of issue 11's contract API as /akun reads them (docs/API.md, Contracts). */
import type { DeliveryWeighing, GradePrice } from '../../../shared/settlement';

export type PartyRole = 'petani' | 'mitra';

export interface Contract {
  id: number;
  title: string;
  status: string;
  contract_category_id: number | null;
  contract_type: string | null;
  description: string | null;
  petani_id: number | null;
  fullname_petani: string;
  mitra_id: number | null;
  fullname_mitra: string;
  lahan_id: number | null;
  nama_lahan: string | null;
  commodity: string;
  quantity: number;
  unit: string;
  price: number;
  /** The price per grade, in the order offered (issue 31). */
  prices: GradePrice[];
  /** Days after a delivery's confirmation by which it is paid. */
  payment_days: number;
  total_value: number;
  start_date: string;
  end_date: string;
  delivery_terms: string | null;
  terms_version: number;
  verification_code: string;
  awaiting: PartyRole | null;
  petani_signed_at: string | null;
  mitra_signed_at: string | null;
  cancel_reason: string | null;
}

export interface TermsVersion {
  version: number;
  price: number;
  prices: GradePrice[];
  payment_days: number;
  quantity: number;
  unit: string;
  total_value: number;
  start_date: string;
  end_date: string;
  delivery_terms: string | null;
  note: string | null;
  proposed_role: string;
  document_sha256: string;
  created_at: string;
}

export interface ContractEvent {
  id: number;
  action: string;
  actor_role: string;
  actor_name: string | null;
  from_status: string | null;
  to_status: string | null;
  terms_version: number;
  note: string | null;
  created_at: string;
}

export interface Signature {
  id: number;
  terms_version: number;
  signer_role: PartyRole;
  signer_name: string | null;
  signed_at: string;
  document_sha256: string;
  voided_at: string | null;
}

export interface Delivery extends DeliveryWeighing {
  id: number;
  photo_document_id: number | null;
  dispute_reason: string | null;
  disputed_at: string | null;
  resolved_at: string | null;
  resolution_note: string | null;
  created_at: string;
  confirmed_at: string | null;
}

/** What counter and revise may change (only the changed ones are sent). */
export interface TermsChange {
  prices?: GradePrice[];
  payment_days?: number;
  quantity?: number;
  start_date?: string;
  end_date?: string;
  delivery_terms?: string;
  note?: string;
  /** The version the person read: the server refuses the change if the other party has revised since. */
  terms_version?: number;
}

export interface Offer {
  title: string;
  contract_category_id: number;
  petani_id: number;
  lahan_id: number;
  commodity: string;
  quantity: number;
  unit: string;
  prices: GradePrice[];
  payment_days: number;
  start_date: string;
  end_date: string;
  delivery_terms?: string;
}

export interface NewDelivery {
  date: string;
  gross_quantity: number;
  accepted_quantity: number;
  rejected_quantity: number;
  rejection_reason?: string;
  grade: string;
  photo?: File;
}

/** The props of a step's form: the contract, what follows success, and closing it unchanged. */
export interface StepFormProps {
  contract: Contract;
  onDone: () => void;
  onCancel: () => void;
}
