/*
 * From harvest to payment (issue 31): the vocabulary of grades, deliveries, advances, payments and the
 * settlement, shared by the server (which enforces it), /akun and the panel (which show it).
 *
 * Money is integer rupiah everywhere (`bigint` in the database, a safe integer in JSON): a delivery's value is
 * its accepted quantity times its grade's price, rounded half away from zero to whole rupiah once, when it is
 * recorded (PostgreSQL numeric arithmetic, exact); every total is a sum of such integers.
 */

/** A grade's code: a short code such as A, B, C or A1 (upper-case letters and digits). */
export const GRADE_CODE_PATTERN = /^[A-Z0-9]{1,8}$/;
export const GRADE_CODE_MAX = 8;
/** At most this many grades in a contract's price table. */
export const MAX_GRADES = 10;

/** One row of a contract's price table: integer rupiah per unit of the contract. */
export interface GradePrice {
  grade: string;
  price: number;
}

/** The largest amount the API takes (rupiah; below 2^53, so exact as a JSON number). */
export const MAX_RUPIAH = 999_999_999_999_999;

/** Days after a delivery's confirmation by which it must be paid, unless the terms say otherwise. */
export const DEFAULT_PAYMENT_DAYS = 7;

/**
 * A closed list declared once, as its values with their labels: the values in the order written (the database's
 * checks and the API's enums) and the label of each (what /akun, the panel and the PDFs show).
 */
function labelled<K extends string>(labels: Record<K, string>): [readonly [K, ...K[]], Record<K, string>] {
  return [Object.keys(labels) as [K, ...K[]], labels];
}

/** A delivery's status: recorded by the mitra, then confirmed or disputed by the petani. */
export const [DELIVERY_STATUSES, DELIVERY_STATUS_LABEL] = labelled({
  recorded: 'Menunggu konfirmasi',
  confirmed: 'Dikonfirmasi',
  disputed: 'Disanggah',
});
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** A lot as weighed, graded and valued: what a delivery's record and its receipt both show. */
export interface DeliveryWeighing {
  lot_code: string;
  date: string;
  gross_quantity: number;
  accepted_quantity: number;
  rejected_quantity: number;
  rejection_reason: string | null;
  grade: string;
  value: number;
  status: DeliveryStatus;
}

/** What a mitra may advance to a petani on a contract; deducted at settlement once the petani confirms. */
export const [ADVANCE_KINDS, ADVANCE_KIND_LABEL] = labelled({
  benih: 'Benih',
  pupuk: 'Pupuk',
  pestisida: 'Pestisida',
  uang_tunai: 'Uang tunai',
  lainnya: 'Lainnya',
});
export type AdvanceKind = (typeof ADVANCE_KINDS)[number];

/** How a mitra paid. */
export const [PAYMENT_METHODS, PAYMENT_METHOD_LABEL] = labelled({
  transfer: 'Transfer bank',
  e_wallet: 'E-wallet',
  tunai: 'Tunai',
});
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Where a contract's payment stands (GET /contract/{id}/settlement). */
export const [PAYMENT_STATUSES, PAYMENT_STATUS_LABEL] = labelled({
  unpaid: 'Belum dibayar',
  partial: 'Dibayar sebagian',
  paid: 'Lunas',
  overdue: 'Terlambat',
});
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The payment status from a settlement's totals: overdue while something is owed past its due date (a
 * YYYY-MM-DD in WIB, compared with today's); otherwise paid once what was delivered is settled, partial once
 * something was paid, unpaid before.
 */
export function paymentStatus(
  s: { gross: number; paid: number; outstanding: number; due_date: string | null },
  today: string,
): PaymentStatus {
  if (s.outstanding > 0 && s.due_date !== null && s.due_date < today) return 'overdue';
  if (s.outstanding === 0 && s.gross > 0) return 'paid';
  return s.paid > 0 ? 'partial' : 'unpaid';
}

/** A price table of one grade: what a `price` alone means (grade A), and what contracts of before have. */
export const gradeAOnly = (price: number): GradePrice[] => [{ grade: 'A', price }];
