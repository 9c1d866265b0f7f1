/** Indonesian labels for the stored statuses shown on the account page. */
export const LAHAN_STATUS_LABEL: Record<string, string> = {
  active: 'Aktif',
  aktif: 'Aktif',
  inactive: 'Tidak Aktif',
  pending: 'Pending',
  negotiation: 'Negosiasi',
  on_going: 'Berjalan',
  completed: 'Selesai',
  rejected: 'Ditolak',
};

export const CONTRACT_STATUS_LABEL: Record<string, string> = {
  pending: 'Pending',
  negotiation: 'Negosiasi',
  approved: 'Disetujui',
  active: 'Aktif',
  completed: 'Selesai',
  rejected: 'Ditolak',
  cancelled: 'Dibatalkan',
};
