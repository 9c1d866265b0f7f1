import { MAX_PAGE_SIZE } from '../../../shared/constants';
import { http, listResult, unwrap } from '../../api/client';
import type { ListResult } from '../../api/envelope';
import { downloadFile } from '../api';
import { uploadBody } from '../documents/api';
import type {
  Contract,
  ContractEvent,
  Delivery,
  NewDelivery,
  Offer,
  Signature,
  TermsChange,
  TermsVersion,
} from './types';

/** The contract calls of /akun (docs/API.md, Contract lifecycle); every answer is the envelope's data. */

const path = (id: number, rest = '') => `/contract/${id}${rest}`;

export const fetchContracts = async () =>
  listResult<Contract>(await http.get('/contract/user', { params: { limit: MAX_PAGE_SIZE } })).data;

/** How many of the caller's contracts wait for their step. */
export const fetchAwaitingCount = async () =>
  listResult<Contract>(await http.get('/contract/user', { params: { awaiting: true, limit: 1 } })).total;

export const fetchContract = async (id: number) => unwrap<Contract>(await http.get(path(id)));

export interface ContractHistory {
  terms: TermsVersion[];
  events: ContractEvent[];
  signatures: Signature[];
  deliveries: Delivery[];
}

export async function fetchHistory(id: number): Promise<ContractHistory> {
  const [terms, events, signatures, deliveries] = await Promise.all(
    ['/terms', '/events', '/signatures', '/deliveries'].map(async (rest) =>
      unwrap(await http.get(path(id, rest))),
    ),
  );
  return { terms, events, signatures, deliveries } as ContractHistory;
}

export const makeOffer = async (offer: Offer) => unwrap<Contract>(await http.post('/contract', offer));

/** A step of the lifecycle: counter, revise, sign, reject, cancel, start, complete. */
export const takeStep = async (id: number, step: string, body: object = {}) =>
  unwrap<Contract>(await http.post(path(id, `/${step}`), body));

export const proposeTerms = (id: number, step: 'counter' | 'revise', change: TermsChange) =>
  takeStep(id, step, change);

/** Signs `termsVersion`, the version the signer was shown; the server refuses (409) if it is no longer current. */
export const signContract = (id: number, termsVersion: number, password: string) =>
  takeStep(id, 'sign', { password, consent: true, terms_version: termsVersion });

export async function recordDelivery(id: number, { photo, ...delivery }: NewDelivery) {
  const body = photo ? { ...delivery, photo: await uploadBody(photo) } : delivery;
  return unwrap<Delivery>(await http.post(path(id, '/deliveries'), body));
}

export const confirmDelivery = async (id: number, deliveryId: number) =>
  unwrap<Delivery>(await http.post(path(id, `/deliveries/${deliveryId}/confirm`), {}));

/** The petani disputes a delivery as recorded; an admin resolves it. */
export const disputeDelivery = async (id: number, deliveryId: number, reason: string) =>
  unwrap<Delivery>(await http.post(path(id, `/deliveries/${deliveryId}/dispute`), { reason }));

export const downloadReceipt = (id: number, delivery: Delivery) =>
  downloadFile(path(id, `/deliveries/${delivery.id}/receipt`), `tanda-terima-${delivery.lot_code}.pdf`);

export const downloadPdf = (contract: Contract) =>
  downloadFile(path(contract.id, '/pdf'), `kontrak-${contract.verification_code}.pdf`);

/** A lahan as the mitra's search shows it (the Lahan record, the fields used here). */
export interface LahanOffer {
  id: number;
  petani_id: number;
  petani_nama: string;
  nama_lahan: string;
  luas_lahan: number;
  location_name: string | null;
  district_name: string | null;
  province_name: string | null;
  category_name: string | null;
}

export interface LahanFilters {
  province_id?: string;
  category_id?: string;
  luas_min?: string;
  luas_max?: string;
  page: number;
}

/** What a mitra may make an offer on: active lahan of verified petani (the list and the map ask for it). */
export const OFFERABLE = { status: 'active', petani_verified: true } as const;

/** Active lahan of verified petani, filtered on the server; empty filters are not sent. */
export async function searchLahan(filters: LahanFilters): Promise<ListResult<LahanOffer>> {
  const params = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''));
  return listResult<LahanOffer>(await http.get('/lahan', { params: { ...params, ...OFFERABLE, limit: 10 } }));
}

export interface Choice {
  id: number;
  name: string;
}

export const fetchProvinces = async () =>
  unwrap<{ id: number; province_name: string }[]>(await http.get('/province')).map((p) => ({
    id: p.id,
    name: p.province_name,
  }));

/** Land (`/category`) or contract (`/contract-category`) categories by name. */
export const fetchCategories = async (kind: 'category' | 'contract-category') =>
  listResult<{ id: number; type_name: string }>(
    await http.get(`/${kind}`, { params: { limit: MAX_PAGE_SIZE, sort: 'type_name', order: 'asc' } }),
  ).data.map((c) => ({ id: c.id, name: c.type_name }));

/** The HTTP status of a failed call (undefined without an answer). */
export const statusOf = (err: unknown) => (err as { response?: { status?: number } }).response?.status;

/** A contract that does not exist or is not the caller's: the server's 404, said in the user's words. */
export const CONTRACT_NOT_FOUND = 'Kontrak tidak ditemukan.';
