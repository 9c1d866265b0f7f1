/* Part of MESSAGES (../messages.ts): the lahan GeoJSON export (GET /admin/lahan/export.geojson) and its button. */

export const lahanExport = {
  unknownFilter: (name: string) => `Filter tidak dikenal untuk ekspor lahan: ${name}`,
  invalidFilter: (name: string) => `Nilai filter ${name} tidak valid`,
  button: 'GeoJSON',
  buttonLabel: 'Unduh batas lahan sebagai GeoJSON (dengan filter yang berlaku)',
  failed: (message: string) => `Ekspor GeoJSON gagal: ${message}`,
} as const;
