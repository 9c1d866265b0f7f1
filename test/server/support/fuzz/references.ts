import type { Role } from '../../../../src/shared/constants.js';

/** Rows of `table` (of one role, for users) that an id names. */
export interface Reference {
  table: string;
  role?: Role;
}

const users = (role?: Role): Reference => ({ table: 'users', ...(role ? { role } : {}) });

/** The path segment before `{id}` → the table the id is a row of. */
const PATH_TABLES: Record<string, Reference> = {
  admin: users('admin'),
  users: users(),
  petani: users('petani'),
  mitra: users('mitra'),
  user: users(),
  verify: users(),
  'verify-role': users(),
  category: { table: 'land_categories' },
  'contract-category': { table: 'contract_categories' },
  location: { table: 'locations' },
  province: { table: 'provinces' },
  district: { table: 'districts' },
  downloads: { table: 'downloads' },
  lahan: { table: 'lahan' },
  'verify-lahan': { table: 'lahan' },
  contract: { table: 'contracts' },
  documents: { table: 'documents' },
  deliveries: { table: 'contract_deliveries' },
  advances: { table: 'contract_advances' },
  payments: { table: 'contract_payments' },
  photos: { table: 'documents' },
  notifications: { table: 'notifications' },
  'notification-sends': { table: 'notification_sends' },
};

/** A body field or query parameter named `*_id` → the table it points into. */
const FIELD_TABLES: Record<string, Reference> = {
  petani_id: users('petani'),
  mitra_id: users('mitra'),
  user_id: users(),
  actor_id: users('admin'),
  lahan_id: { table: 'lahan' },
  category_id: { table: 'land_categories' },
  contract_category_id: { table: 'contract_categories' },
  location_id: { table: 'locations' },
  province_id: { table: 'provinces' },
  district_id: { table: 'districts' },
  sub_district_id: { table: 'sub_districts' },
};

/** The table a path parameter names a row of; a route the map does not know fails loudly. */
export function pathReference(path: string, param: string): Reference {
  const segments = path.split('/');
  const segment = segments[segments.indexOf(`{${param}}`) - 1] ?? '';
  const ref = PATH_TABLES[segment];
  if (!ref) throw new Error(`fuzz: say which table {${param}} of ${path} refers to (references.ts)`);
  return ref;
}

/** The table an integer field named `*_id` refers to, undefined for other names. */
export function fieldReference(name: string): Reference | undefined {
  if (!/(^|_)id$/.test(name)) return undefined;
  const ref = FIELD_TABLES[name];
  if (!ref) throw new Error(`fuzz: say which table the field ${name} refers to (references.ts)`);
  return ref;
}
