import { createContext, useContext } from 'react';
import type { AdvanceKind, PaymentMethod, PaymentStatus } from '../../../shared/settlement';
import { http, unwrap } from '../../api/client';
import { downloadFile } from '../api';
import { uploadBody } from '../documents/api';

/** The money of a contract as /akun reads it (docs/API.md, Settlement): the statement, advances, payments. */

export interface Settlement {
  gross: number;
  advances: number;
  net: number;
  paid: number;
  pending: number;
  outstanding: number;
  payment_status: PaymentStatus;
  due_date: string | null;
  payment_days: number;
  advance_balance: number;
}

export interface Advance {
  id: number;
  kind: AdvanceKind;
  amount: number;
  date: string;
  note: string | null;
  created_at: string;
  confirmed_at: string | null;
}

export interface Payment {
  id: number;
  amount: number;
  method: PaymentMethod;
  reference: string;
  date: string;
  photo_document_id: number | null;
  created_at: string;
  confirmed_at: string | null;
}

/** What the mitra types: the amount as typed when it is not whole rupiah, so the server names it on its field. */
export interface NewAdvance {
  kind: string;
  amount: number | string;
  date: string;
  note?: string;
}

export interface NewPayment {
  amount: number | string;
  method: string;
  reference: string;
  date: string;
  photo?: File;
}

export interface ContractMoney {
  settlement: Settlement;
  advances: Advance[];
  payments: Payment[];
}

/** The calls the money section makes; the real ones by default, a test's own through MoneyApiContext. */
export interface MoneyApi {
  fetchMoney(contractId: number): Promise<ContractMoney>;
  recordAdvance(contractId: number, advance: NewAdvance): Promise<Advance>;
  confirmAdvance(contractId: number, advanceId: number): Promise<Advance>;
  recordPayment(contractId: number, payment: NewPayment): Promise<Payment>;
  confirmPayment(contractId: number, paymentId: number): Promise<Payment>;
  /** The proof photo's bytes (it has no public address: read with the session). */
  fetchPaymentPhoto(contractId: number, paymentId: number): Promise<Blob>;
  downloadStatement(contractId: number, verificationCode: string): Promise<unknown>;
}

const path = (id: number, rest: string) => `/contract/${id}${rest}`;

export const moneyApi: MoneyApi = {
  async fetchMoney(id) {
    const [settlement, advances, payments] = await Promise.all(
      ['/settlement', '/advances', '/payments'].map(async (rest) => unwrap(await http.get(path(id, rest)))),
    );
    return { settlement, advances, payments } as ContractMoney;
  },
  recordAdvance: async (id, advance) => unwrap<Advance>(await http.post(path(id, '/advances'), advance)),
  confirmAdvance: async (id, advanceId) =>
    unwrap<Advance>(await http.post(path(id, `/advances/${advanceId}/confirm`), {})),
  async recordPayment(id, { photo, ...payment }) {
    const body = photo ? { ...payment, photo: await uploadBody(photo) } : payment;
    return unwrap<Payment>(await http.post(path(id, '/payments'), body));
  },
  confirmPayment: async (id, paymentId) =>
    unwrap<Payment>(await http.post(path(id, `/payments/${paymentId}/confirm`), {})),
  fetchPaymentPhoto: async (id, paymentId) =>
    (await http.get<Blob>(path(id, `/payments/${paymentId}/photo`), { responseType: 'blob' })).data,
  downloadStatement: (id, code) => downloadFile(path(id, '/settlement/pdf'), `rekening-${code}.pdf`),
};

export const MoneyApiContext = createContext<MoneyApi>(moneyApi);
export const useMoneyApi = () => useContext(MoneyApiContext);

/**
 * An amount as typed, in whole rupiah: `12.500.000`, `Rp 12.500.000` or `12500000` → 12500000. Anything else
 * goes as typed, and the server names it under the field.
 */
export function rupiahOf(text: string): number | string {
  const digits = text.replace(/^\s*Rp\.?/i, '').replace(/[.\s]/g, '');
  return /^\d+$/.test(digits) && Number.isSafeInteger(Number(digits)) ? Number(digits) : text.trim();
}
