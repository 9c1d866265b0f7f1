import type { DataProvider } from 'react-admin';
import { vi } from 'vitest';
import type { AdminDataProvider } from '../../../../src/app/admin/providers/dataProvider';

/** Replacement methods (usually `vi.fn()` mocks). */
type Overrides = Partial<Record<keyof AdminDataProvider, unknown>>;

/** A data provider whose every method is a mock; unset reads answer empty lists. */
export function testDataProvider(overrides: Overrides = {}) {
  const provider = {
    getList: vi.fn(async () => ({ data: [], total: 0 })),
    getOne: vi.fn(async (_resource: string, { id }: { id: number }) => ({ data: { id } })),
    getMany: vi.fn(async () => ({ data: [] })),
    getManyReference: vi.fn(async () => ({ data: [], total: 0 })),
    create: vi.fn(async (_resource: string, { data }: { data: object }) => ({ data: { id: 99, ...data } })),
    update: vi.fn(async (_resource: string, { id, data }: { id: number; data: object }) => ({
      data: { id, ...data },
    })),
    updateMany: vi.fn(async () => ({ data: [] })),
    delete: vi.fn(async (_resource: string, { previousData }: { previousData: object }) => ({
      data: previousData,
    })),
    deleteMany: vi.fn(async () => ({ data: [] })),
    verifyLahan: vi.fn(async (id: number) => ({ id, status: 'active' })),
    setLahanStatus: vi.fn(async (id: number, status: string) => ({ id, status })),
    getPetani: vi.fn(async (id: number) => ({ id })),
    getProvinces: vi.fn(async () => []),
    getDistricts: vi.fn(async () => []),
    getSubDistricts: vi.fn(async () => []),
    fetchDocument: vi.fn(async () => new Blob(['x'], { type: 'image/png' })),
    getContractPart: vi.fn(async () => []),
    ...overrides,
  };
  return provider as typeof provider & DataProvider;
}

/** A list answer, as getList gives it. */
export const listOf = <T extends object>(rows: T[], total = rows.length) =>
  vi.fn(async () => ({ data: rows, total }));

/** A location as GET /admin/location answers it, with its whole address. */
export const location = {
  id: 4,
  location_name: 'Cibodas',
  sub_district_id: 30,
  sub_district_name: 'Pacet',
  district_id: 20,
  district_name: 'Cianjur',
  province_id: 10,
  province_name: 'Jawa Barat',
  full_address: 'Cibodas, Pacet, Cianjur, Jawa Barat',
  created_at: '2025-03-02T13:45:00Z',
  updated_at: '2025-03-02T13:45:00Z',
};
