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
    ...overrides,
  };
  return provider as typeof provider & DataProvider;
}

/** A list answer, as getList gives it. */
export const listOf = <T extends object>(rows: T[], total = rows.length) =>
  vi.fn(async () => ({ data: rows, total }));
