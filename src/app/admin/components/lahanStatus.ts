/** Labels of the lahan statuses (SPEC.md §4); the legacy `aktif` reads as active, anything else is Unknown. */
const LABELS: Record<string, string> = {
  active: 'Aktif',
  aktif: 'Aktif',
  inactive: 'Tidak Aktif',
  pending: 'Pending',
  negotiation: 'Negosiasi',
  on_going: 'Berlangsung',
  completed: 'Selesai',
  rejected: 'Ditolak',
};

export const lahanStatusLabel = (status: unknown) => LABELS[String(status)] ?? 'Unknown';

export const isLahanActive = (status: unknown) => status === 'active' || status === 'aktif';
