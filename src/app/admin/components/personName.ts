import type { RaRecord } from 'react-admin';

/** Display name (docs/spec-notes.md §3): the role's own full name field first, then full_name, name, username, 'User'. */
export function personName(
  record: RaRecord | undefined,
  ownField?: 'fullname_mitra' | 'fullname_petani',
): string {
  if (!record) return '';
  const candidates = [
    ownField ? record[ownField] : undefined,
    record.full_name,
    record.name,
    record.username,
  ];
  return String(candidates.find((value) => typeof value === 'string' && value.trim()) ?? 'User');
}
