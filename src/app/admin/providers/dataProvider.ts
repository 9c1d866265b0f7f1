import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { useDataProvider } from 'react-admin';
import { API_BASE_PATH, MAX_PAGE_SIZE } from '../../../shared/constants';
import { http, listResult, unwrap } from '../../api/client';
import type { FinanceList, FinanceSummary, OutstandingRow, OverdueRow } from '../finance/types';
import { endpointsIn, type Endpoints, type ResourcePaths } from './endpoints';
import { guarded } from './httpError';

type Params = Record<string, string | number | boolean>;

/** page/limit/q/sort/order plus the remaining filters, as the API's query string (docs/API.md). */
export function listQuery({ pagination, sort, filter }: Partial<GetListParams>): Params {
  const query: Params = {};
  if (pagination) {
    query.page = pagination.page;
    query.limit = pagination.perPage;
  }
  // react-admin's default sort is `id`, which the API does not sort by: its own default (created_at desc) applies.
  if (sort?.field && sort.field !== 'id') {
    query.sort = sort.field;
    query.order = sort.order.toLowerCase();
  }
  for (const [key, value] of Object.entries(filter ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    query[key] = value as string | number | boolean;
  }
  return query;
}

const fetchFailed = (resource: string) => `Failed to fetch ${resource} data`;

/**
 * One API page. A total that is not exact (`pagination.totalExact: false`: a search or filter found more than
 * the API counts, docs/API.md) is react-admin's partial pagination: no `total` (react-admin would send a page
 * past it back to the last counted one) but `pageInfo`, so that Next stays on while the page is full, and the
 * capped count in `meta` for the pager to say "1.000+".
 */
interface Page {
  data: RaRecord[];
  total?: number;
  pageInfo?: { hasNextPage: boolean; hasPreviousPage: boolean };
  meta?: { atLeast: number };
}

async function getPage(
  resource: string,
  endpoints: Endpoints,
  params: Partial<GetListParams>,
): Promise<Page> {
  const response = await guarded(
    () => http.get(endpoints.list, { params: listQuery(params) }),
    fetchFailed(resource),
  );
  const { data, total } = listResult<RaRecord>(response);
  if ((response.data as { pagination?: { totalExact?: unknown } })?.pagination?.totalExact !== false)
    return { data, total };
  const { page = 1, perPage = MAX_PAGE_SIZE } = params.pagination ?? {};
  return {
    data,
    pageInfo: { hasNextPage: data.length >= perPage, hasPreviousPage: page > 1 },
    meta: { atLeast: total },
  };
}

async function getListOf(resource: string, endpoints: Endpoints, params: Partial<GetListParams>) {
  const { page = 1, perPage = MAX_PAGE_SIZE } = params.pagination ?? {};
  if (perPage <= MAX_PAGE_SIZE) return getPage(resource, endpoints, params);
  // Exports ask for more rows than the API's limit (100): gather consecutive API pages.
  const data: RaRecord[] = [];
  let total = 0;
  for (
    let apiPage = Math.floor(((page - 1) * perPage) / MAX_PAGE_SIZE) + 1;
    data.length < perPage;
    apiPage++
  ) {
    const chunk = await getPage(resource, endpoints, {
      ...params,
      pagination: { page: apiPage, perPage: MAX_PAGE_SIZE },
    });
    data.push(...chunk.data);
    // Past a capped total (docs/API.md), the rows gathered so far are what is known.
    total = chunk.total ?? data.length;
    if (chunk.data.length < MAX_PAGE_SIZE) break;
  }
  return { data: data.slice(0, perPage), total };
}

async function getOneOf(resource: string, endpoints: Endpoints, id: Identifier) {
  const response = await guarded(() => http.get(endpoints.one(id)), fetchFailed(resource));
  return unwrap<RaRecord>(response);
}

/**
 * Only the fields that changed (the API's update bodies are partial and read-only fields are not resent),
 * plus the `always` fields the API requires in every update.
 */
export function changedFields(
  data: Record<string, unknown>,
  previous?: Record<string, unknown>,
  always: readonly string[] = [],
) {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'id') continue;
    const changed = !previous || JSON.stringify(value) !== JSON.stringify(previous[key]);
    if (changed || always.includes(key)) changes[key] = value;
  }
  return changes;
}

async function updateOne(endpoints: Endpoints, id: Identifier, data: unknown) {
  const response = await guarded(() => http.put(endpoints.update(id), data));
  return unwrap<RaRecord>(response);
}

async function deleteOne(endpoints: Endpoints, id: Identifier) {
  const response = await guarded(() => http.delete(endpoints.delete(id)));
  return unwrap<RaRecord | null>(response);
}

const listOf = async <T>(path: string) => listResult<T>(await guarded(() => http.get(path))).data;
const payloadOf = async <T>(call: () => Promise<Parameters<typeof unwrap>[0]>) =>
  unwrap<T>(await guarded(call));

/** `/api/v1/documents/7` → `/documents/7`: document URLs are absolute paths, the client adds the base. */
const withinApi = (url: string) =>
  url.startsWith(`${API_BASE_PATH}/`) ? url.slice(API_BASE_PATH.length) : url;

export interface VerifyResult {
  success: boolean;
  data: RaRecord | null;
}

export interface AdminStats {
  users: { total: number; byRole: Record<string, number>; verified: number; unverified: number };
  lahan: { total: number; totalArea: number; byStatus: Record<string, number> };
  contracts: { total: number; byStatus: Record<string, number>; valueUnderContract: number };
  recentContracts: RaRecord[];
}

/** The reads of a contract beyond its record (docs/API.md): GET /contract/{id}/<part>, each a list. */
export type ContractPart = 'events' | 'terms' | 'signatures' | 'deliveries';

export interface Province {
  id: number;
  province_name: string;
}
export interface District {
  id: number;
  district_name: string;
  province_id: number;
}
export interface SubDistrict {
  id: number;
  sub_district_name: string;
  district_id: number;
}

/** The methods beyond react-admin's nine; the names are a contract with the resource screens. */
const customMethods = (endpointsFor: (resource: string) => Endpoints) => ({
  /** PUT /admin/verify-role/{user_id}; success is read from the success flag or status 'success' (docs/spec-notes.md §7). */
  async verifyRole(userId: number, status: boolean): Promise<VerifyResult> {
    const response = await guarded(() =>
      http.put(`/admin/verify-role/${userId}`, { status_verifikasi: status }),
    );
    const body = response.data as { success?: boolean; status?: string } | undefined;
    return {
      success: body?.success === true || body?.status === 'success',
      data: unwrap<RaRecord | null>(response),
    };
  },
  verifyLahan: (id: number) => payloadOf<RaRecord>(() => http.put(`/admin/verify-lahan/${id}`)),
  setLahanStatus: (id: number, status: string) =>
    payloadOf<RaRecord>(() => http.put(endpointsFor('lahan').update(id), { status })),
  getProvinces: () => listOf<Province>('/admin/province'),
  getDistricts: (provinceId: number) => listOf<District>(`/admin/province/${provinceId}/districts`),
  getSubDistricts: (districtId: number) => listOf<SubDistrict>(`/admin/district/${districtId}/sub-districts`),
  getStats: () => payloadOf<AdminStats>(() => http.get('/admin/stats')),
  /** GET /admin/finance/summary: value delivered, paid, outstanding, overdue, median days to payment. */
  getFinanceSummary: () => payloadOf<FinanceSummary>(() => http.get('/admin/finance/summary')),
  /** A page of GET /admin/finance/outstanding (by mitra) or /overdue (contracts), with its total. */
  async getFinancePage<T extends OutstandingRow | OverdueRow>(
    list: FinanceList,
    page: number,
    perPage: number,
  ) {
    const response = await guarded(() =>
      http.get(`/admin/finance/${list}`, { params: { page, limit: perPage } }),
    );
    return listResult<T>(response);
  },
  /**
   * GET /lahan/petani/{id}: the farmer's lahan, as many as one API page holds (100), with the true total
   * from `pagination.total` (the 'N Lahan' count).
   */
  async getPetaniLahan(petaniId: number): Promise<{ data: RaRecord[]; total: number }> {
    const response = await guarded(() =>
      http.get(`/lahan/petani/${petaniId}`, { params: { page: 1, limit: MAX_PAGE_SIZE } }),
    );
    const { data, total } = listResult<RaRecord>(response);
    return { data, total };
  },
  /** GET /petani/{id}: the owner of a lahan (docs/spec-notes.md §7). */
  getPetani: (petaniId: number) => payloadOf<RaRecord>(() => http.get(`/petani/${petaniId}`)),
  /** A protected document (owner or admin only) as bytes, sent with the bearer token. */
  async fetchDocument(url: string): Promise<Blob> {
    const response = await guarded(() => http.get<Blob>(withinApi(url), { responseType: 'blob' }));
    return response.data;
  },
  getContractPart: (id: Identifier, part: ContractPart) =>
    payloadOf<RaRecord[]>(() => http.get(`/contract/${id}/${part}`)),
  /** POST /contract/{id}/cancel: an admin cancels with a reason; answers the Contract record. */
  cancelContract: (id: Identifier, reason: string) =>
    payloadOf<RaRecord>(() => http.post(`/contract/${id}/cancel`, { reason })),
  /** POST /contract/{id}/deliveries/{deliveryId}/resolve: an admin settles a dispute; answers the Delivery. */
  resolveDelivery: (id: Identifier, deliveryId: number, body: object) =>
    payloadOf<RaRecord>(() => http.post(`/contract/${id}/deliveries/${deliveryId}/resolve`, body)),
  getMe: () => payloadOf<RaRecord>(() => http.get('/user/me')),
  updateMe: (body: object) => payloadOf<RaRecord>(() => http.put('/user/me', body)),
  changePassword: (body: { currentPassword: string; newPassword: string }) =>
    payloadOf<unknown>(() => http.put('/user/me/password', body)),
});

export type AdminDataProvider = DataProvider & ReturnType<typeof customMethods>;

/** The panel's data provider over the API paths of the resource registry (resources/index.ts). */
export function createDataProvider(paths: Readonly<Record<string, ResourcePaths>>): AdminDataProvider {
  const endpointsFor = endpointsIn(paths);
  return {
    getList: async (resource, params) => (await getListOf(resource, endpointsFor(resource), params)) as never,
    getOne: async (resource, { id }) => ({
      data: (await getOneOf(resource, endpointsFor(resource), id)) as never,
    }),
    getMany: async (resource, { ids }) => ({
      data: (await Promise.all(ids.map((id) => getOneOf(resource, endpointsFor(resource), id)))) as never,
    }),
    getManyReference: async (resource, { target, id, filter, ...rest }) =>
      (await getListOf(resource, endpointsFor(resource), {
        ...rest,
        filter: { ...filter, [target]: id },
      })) as never,
    create: async (resource, { data }) => {
      const response = await guarded(() => http.post(endpointsFor(resource).create, data));
      return { data: unwrap(response) as never };
    },
    update: async (resource, { id, data, previousData }) => {
      const endpoints = endpointsFor(resource);
      const changes = changedFields(data, previousData, endpoints.alwaysSend);
      return { data: (await updateOne(endpoints, id, changes)) as never };
    },
    updateMany: async (resource, { ids, data }) => {
      await Promise.all(ids.map((id) => updateOne(endpointsFor(resource), id, data)));
      return { data: ids };
    },
    delete: async (resource, { id, previousData }) => ({
      data: ((await deleteOne(endpointsFor(resource), id)) ?? previousData) as never,
    }),
    deleteMany: async (resource, { ids }) => {
      await Promise.all(ids.map((id) => deleteOne(endpointsFor(resource), id)));
      return { data: ids };
    },
    ...customMethods(endpointsFor),
  };
}

/** The data provider with the custom methods typed (react-admin still routes failures through checkError). */
export const useAdminDataProvider = () => useDataProvider<AdminDataProvider>();
