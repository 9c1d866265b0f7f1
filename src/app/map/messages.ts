/** The texts of the boundary editor (the server's refusals of a boundary are MESSAGES.lahan.gps*). */
export const MAP_TEXT = {
  boundaryTitle: 'Batas lahan di peta',
  mapLabel: 'Peta batas lahan',
  loading: 'Memuat peta…',
  draw: 'Gambar batas',
  redraw: 'Gambar ulang',
  drawHint: 'Ketuk setiap sudut lahan di peta, lalu ketuk titik pertama atau tombol Selesai.',
  finishDrawing: 'Selesai',
  keysHint:
    'Dengan papan ketik: pilih peta dengan Tab, geser dengan tombol panah sampai tanda + di tengah peta tepat di ' +
    'sudut lahan, tekan Enter untuk menambah titik atau Backspace untuk menghapus titik terakhir, lalu tekan Selesai.',
  addAtCentre: 'Tambah titik di tengah peta',
  removeLast: 'Hapus titik terakhir',
  cornerAdded: (count: number, area: string | null) =>
    `Titik ${count} ditambahkan${area ? ` — luas ${area}` : ''}.`,
  cornerRemoved: (count: number, area: string | null) =>
    `Titik terakhir dihapus — ${count} titik tersisa${area ? `, luas ${area}` : ''}.`,
  moveFirst: 'Titik ini sudah ada: geser peta dulu dengan tombol panah.',
  noCorners: 'Belum ada titik untuk dihapus.',
  drawTooFew: 'Belum cukup titik: tambahkan paling sedikit tiga sudut lahan.',
  drawClosed: (count: number, area: string | null) =>
    `Batas lahan selesai: ${count} titik${area ? `, luas ${area}` : ''}.`,
  cancel: 'Batal',
  edit: 'Ubah titik',
  editDone: 'Selesai mengubah',
  editHint: 'Geser titik sudut untuk memindahkannya; geser titik kecil di tengah garis untuk menambah sudut.',
  clear: 'Hapus batas',
  locate: 'Ke lokasi saya',
  locating: 'Mencari lokasi Anda…',
  walk: 'Jalan keliling lahan',
  walkHint:
    'Berdiri di satu sudut lahan, lalu berjalan menyusuri batasnya. Titik direkam sambil Anda berjalan; tekan Selesai di titik awal.',
  walkFinish: 'Selesai berjalan',
  walkStarting: 'Menunggu sinyal GPS…',
  walkRecording: (points: number, accuracy: number) =>
    `Merekam: ${points} titik. Akurasi saat ini ${Math.round(accuracy)} m.`,
  walkPoor: (accuracy: number, limit: number) =>
    `Akurasi GPS buruk (${Math.round(accuracy)} m): titik tidak direkam sampai akurasi ${limit} m atau lebih baik. Coba di tempat terbuka.`,
  walkFull: 'Batas paling banyak 1.000 titik: tekan Selesai berjalan.',
  walkTooFew: 'Belum cukup titik: berjalanlah menyusuri paling sedikit tiga sudut lahan.',
  walkDenied:
    'Izin lokasi ditolak. Izinkan akses lokasi untuk situs ini di pengaturan peramban, atau gambar batas di peta.',
  walkUnavailable: 'Lokasi tidak dapat ditentukan. Pastikan GPS ponsel aktif, atau gambar batas di peta.',
  walkUnsupported: 'Peramban ini tidak dapat membaca lokasi. Gambar batas di peta.',
  noBoundary: 'Belum ada batas lahan. Gambar di peta atau jalan keliling lahan dengan GPS ponsel.',
  noBoundaryYet: 'Batas lahan belum digambar.',
  pin: 'Lahan ini baru ditandai satu titik; gambar batasnya untuk mengukur luas.',
  declared: 'Luas yang diisi',
  measuredServer: 'Luas terukur',
  measuredPreview: 'Luas terukur (perkiraan)',
  differs:
    'Luas terukur berbeda lebih dari 20% dari luas yang diisi. Periksa batas di peta atau angka luas lahan.',
  differsFlag: 'Luas berbeda > 20%',
  differsBeforeVerify: 'Periksa luas dan batasnya sebelum memverifikasi.',
  cappedSummary: (counted: string) =>
    `Setidaknya ${counted} lahan cocok di bagian peta ini; angka tiap kelompok adalah batas bawah, jadi bisa ` +
    'lebih banyak. Perbesar peta atau persempit filter untuk angka lengkap.',
  clusterAtLeast: (count: string) => `Setidaknya ${count} lahan, perbesar untuk melihatnya`,
} as const;
