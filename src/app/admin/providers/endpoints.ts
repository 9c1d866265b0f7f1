/**
 * Resource name → API paths (docs/API.md). A new resource is one line here; `update` is only needed when
 * the admin edit path differs from the resource path, `alwaysSend` when an update must repeat fields that
 * did not change (people updates require full_name and email).
 */
const PERSON = { alwaysSend: ['full_name', 'email'] } as const;

export const RESOURCE_PATHS = {
  users: { base: '/admin/users', ...PERSON },
  mitra: { base: '/admin/mitra', ...PERSON },
  petani: { base: '/admin/petani', ...PERSON },
  contract: { base: '/contract' },
  lahan: { base: '/lahan', update: '/admin/lahan' },
  category: { base: '/admin/category' },
  location: { base: '/admin/location' },
  downloads: { base: '/admin/downloads' },
  'contract-category': { base: '/admin/contract-category' },
  admins: { base: '/admin', ...PERSON },
  audit: { base: '/admin/audit' },
} as const satisfies Record<string, ResourcePaths>;

interface ResourcePaths {
  base: string;
  update?: string;
  alwaysSend?: readonly string[];
}

export type AdminResource = keyof typeof RESOURCE_PATHS;

export interface Endpoints {
  list: string;
  create: string;
  one(id: string | number): string;
  update(id: string | number): string;
  delete(id: string | number): string;
  alwaysSend: readonly string[];
}

export function endpointsFor(resource: string): Endpoints {
  const paths = (RESOURCE_PATHS as Record<string, ResourcePaths>)[resource];
  if (!paths) throw new Error(`Unknown resource: ${resource}`);
  const { base, update = base, alwaysSend = [] } = paths;
  return {
    list: base,
    create: base,
    one: (id) => `${base}/${id}`,
    update: (id) => `${update}/${id}`,
    delete: (id) => `${base}/${id}`,
    alwaysSend,
  };
}

/** Where each level of the location hierarchy is created. */
export const LOCATION_LEVEL_PATHS = {
  province: '/admin/province',
  district: '/admin/district',
  sub_district: '/admin/sub-district',
  location: '/admin/location',
} as const;

export type LocationLevel = keyof typeof LOCATION_LEVEL_PATHS;
