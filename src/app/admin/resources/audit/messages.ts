/** Texts of the audit screen: `resources.audit` (react-admin) and `tm.audit` (the panel's own). */
export const messages = {
  resource: {
    name: 'Audit |||| Audit',
    fields: {
      created_at: 'Waktu',
      actor_email: 'Pelaku',
      actor_id: 'ID Pelaku',
      action: 'Aksi',
      resource: 'Data',
      resource_id: 'ID Data',
      changes: 'Perubahan',
      from: 'Dari Tanggal',
      to: 'Sampai Tanggal',
    },
  },
  tm: {
    title: 'Audit',
    empty: 'Belum ada catatan audit',
    actions: { POST: 'Buat', PUT: 'Ubah', PATCH: 'Ubah', DELETE: 'Hapus' },
  },
};
