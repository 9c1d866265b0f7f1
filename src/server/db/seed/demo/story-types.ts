import type { ContractStatus } from '../../../../shared/constants.js';
import type { AdvanceKind, GradePrice, PaymentMethod } from '../../../../shared/settlement.js';

/** What a demo contract's story is made of (contract-story.ts plays it): its steps, terms, events and money. */
export type Party = 'petani' | 'mitra';
export type Actor = Party | 'admin' | 'system';

export interface Terms {
  /** The first grade's price (= prices[0].price). */
  price: number;
  /** The price table, by grade in the order offered (integer rupiah per unit). */
  prices: GradePrice[];
  payment_days: number;
  quantity: number;
  unit: string;
  start_date: string;
  end_date: string;
  delivery_terms: string | null;
}

/** A change of terms: numbers are factors of the current value (rounded; price: every grade's), texts replace it. */
export type Change = Partial<Record<'price' | 'quantity', number> & Pick<Terms, 'delivery_terms'>>;

export type Step =
  /** not_yet_due: the terms give the petani until after today to be paid (payment days set by the seed). */
  | { a: 'offer'; payment?: 'not_yet_due' }
  | { a: 'counter' | 'revise'; change: Change; note?: string }
  | { a: 'sign'; by: Party }
  | { a: 'reject'; note?: string }
  | { a: 'cancel'; by: Actor; reason?: string }
  | { a: 'start'; by: 'mitra' | 'system' }
  /** `share` of the contract's quantity weighed; `rejected` of that refused, for `reason`; the rest of `grade`. */
  | { a: 'deliver'; share: number; grade: string; rejected?: number; reason?: string }
  /** The petani confirms, or disputes, the oldest delivery still recorded. */
  | { a: 'confirm' }
  | { a: 'dispute'; reason: string }
  | { a: 'complete'; note?: string }
  /** An advance worth `share` of the contract's value (its quantity at the first grade's price). */
  | { a: 'advance'; kind: AdvanceKind; share: number; note?: string }
  /** The petani confirms the oldest advance, or payment, not yet confirmed. */
  | { a: 'confirm_advance' }
  /** A payment of `share` of what is owed and not yet paid or pending (1: all of it). */
  | { a: 'pay'; share: number; method: PaymentMethod }
  | { a: 'confirm_payment' };

export interface StoryEvent {
  action: Step['a'];
  actor_role: Actor;
  from_status: ContractStatus | null;
  to_status: ContractStatus;
  terms_version: number;
  note: string | null;
  at: Date;
}
export interface StoryVersion extends Terms {
  version: number;
  note: string | null;
  proposed_role: Party;
  at: Date;
}
export interface StorySignature {
  terms_version: number;
  signer_role: Party;
  at: Date;
  voided_at: Date | null;
}
/** A row of the money: when it was recorded, and when the petani confirmed it. */
export interface Confirmable {
  date: string;
  at: Date;
  confirmed_at: Date | null;
}
export interface StoryDelivery extends Confirmable {
  gross: number;
  accepted: number;
  rejected: number;
  rejection_reason: string | null;
  grade: string;
  /** accepted × the grade's price, whole rupiah. */
  value: number;
  dispute_reason: string | null;
  disputed_at: Date | null;
  /** The day (WIB) advances and payments came to cover it, oldest confirmed first (as refreshSettlement keeps it). */
  paid_on: string | null;
}
export interface StoryAdvance extends Confirmable {
  kind: AdvanceKind;
  amount: number;
  note: string | null;
}
export interface StoryPayment extends Confirmable {
  amount: number;
  method: PaymentMethod;
  reference: string;
}

export interface Story {
  status: ContractStatus;
  terms: Terms;
  version: number;
  awaiting: Party | null;
  signed: Partial<Record<Party, Date>>;
  cancel_reason: string | null;
  versions: StoryVersion[];
  events: StoryEvent[];
  signatures: StorySignature[];
  deliveries: StoryDelivery[];
  advances: StoryAdvance[];
  payments: StoryPayment[];
  /** The time of the last step. */
  at: Date;
}
