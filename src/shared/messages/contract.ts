/* Part of MESSAGES (../messages.ts): contracts — the lifecycle, deliveries, the public verification. */

/** Contracts (per-field validation of POST/PUT /contract, status changes). */
export const contract = {
  deletedAccount: 'Pengguna dihapus',
  invalidData: 'Data kontrak tidak valid',
  titleRequired: 'Judul kontrak wajib diisi',
  descriptionInvalid: 'Deskripsi harus berupa teks',
  categoryRequired: 'Kategori kontrak wajib dipilih',
  categoryMissing: 'Kategori kontrak yang dipilih tidak ditemukan',
  petaniRequired: 'Petani wajib dipilih',
  petaniMissing: 'Petani yang dipilih tidak ditemukan',
  mitraRequired: 'Mitra wajib dipilih',
  mitraMissing: 'Mitra yang dipilih tidak ditemukan',
  mitraSelfOnly: 'Mitra hanya dapat mengajukan kontrak atas namanya sendiri',
  proposalPending: 'Kontrak yang diajukan mitra selalu berstatus pending',
  lahanRequired: 'Lahan wajib dipilih',
  lahanMissing: 'Lahan tidak ditemukan atau bukan milik petani yang dipilih',
  commodityRequired: 'Komoditas wajib diisi',
  quantityInvalid: 'Jumlah harus lebih dari 0',
  unitRequired: 'Satuan wajib diisi',
  priceInvalid: 'Harga harus berupa rupiah bulat lebih dari 0',
  priceRequired: 'Harga wajib diisi',
  // The price table by grade (issue 31): `prices: [{grade, price}]`.
  pricesInvalid: (max: number) => `Harga per mutu harus berupa daftar 1 sampai ${max} baris {grade, price}`,
  pricesWithPrice: 'Isi harga per mutu (prices) atau harga (price), tidak keduanya',
  gradePriceInvalid: 'Setiap baris harga harus berisi grade dan price',
  gradePriceFieldUnknown: (name: string) => `Bagian '${name}' tidak dikenal pada baris harga`,
  gradeCodeInvalid: 'Kode mutu harus 1 sampai 8 huruf atau angka (mis. A, B, A1)',
  gradeDuplicate: (grade: string) => `Mutu ${grade} tercantum lebih dari sekali`,
  paymentDaysInvalid: 'Jangka waktu pembayaran harus 0 sampai 365 hari',
  dateInvalid: 'Tanggal harus berformat YYYY-MM-DD',
  endBeforeStart: 'Tanggal selesai tidak boleh sebelum tanggal mulai',
  statusInvalid: 'Status kontrak tidak dikenal',
  statusTransition: (from: string, to: string) => `Status kontrak tidak dapat diubah dari ${from} ke ${to}`,
  created: 'Kontrak dibuat',
  updated: 'Kontrak diperbarui',
  deleted: 'Kontrak dihapus',
  // The lifecycle (issue 11): steps, their refusals and their answers.
  /** 409: the right party, a status the step cannot be taken from ('Disetujui', 'Aktif' …). */
  stepNotAllowed: (statusLabel: string, verb: string) =>
    `Kontrak berstatus ${statusLabel} tidak dapat ${verb}`,
  stepVerbs: {
    offer: 'ditawarkan',
    counter: 'ditawar ulang',
    revise: 'direvisi',
    sign: 'ditandatangani',
    reject: 'ditolak',
    cancel: 'dibatalkan',
    start: 'dimulai',
    deliver: 'dicatat pengirimannya',
    confirm: 'dikonfirmasi penerimaannya',
    complete: 'diselesaikan',
    edit: 'diubah syaratnya',
    dispute: 'disanggah pengirimannya',
    resolve: 'diselesaikan sanggahannya',
    advance: 'dicatat uang mukanya',
    confirm_advance: 'dikonfirmasi uang mukanya',
    pay: 'dicatat pembayarannya',
    confirm_payment: 'dikonfirmasi pembayarannya',
  },
  statusViaSteps: 'Status kontrak hanya berubah melalui langkah kontrak',
  adminStatusPending: 'Kontrak baru selalu berstatus pending',
  petaniUnverified: 'Petani yang dipilih belum terverifikasi',
  termsUnchanged: 'Ajukan setidaknya satu perubahan syarat',
  deliveryTermsInvalid: 'Ketentuan pengiriman harus berupa teks',
  noteInvalid: 'Catatan harus berupa teks',
  reasonRequired: 'Alasan pembatalan wajib diisi',
  passwordRequired: 'Kata sandi wajib diisi',
  passwordWrong: 'Kata sandi salah',
  consentRequired: 'Anda harus menyetujui pernyataan tanda tangan elektronik',
  alreadySigned: 'Anda sudah menandatangani versi syarat ini',
  termsVersionInvalid: 'Versi syarat yang Anda baca harus berupa nomor versi',
  termsVersionRequired: 'Versi syarat yang ditandatangani wajib diisi (nomor versi yang Anda baca)',
  /** 409: the signer read another version than the current one (a revision came in between). */
  termsChanged: (version: number) =>
    `Ketentuan kontrak telah berubah menjadi versi ${version}. Baca versi terbaru sebelum menandatangani.`,
  /** 409: a counter or revision written against a version the other party has since changed (offline, say). */
  termsChangedBeforeProposal: (version: number) =>
    `Ketentuan kontrak telah berubah menjadi versi ${version}. Baca versi terbaru sebelum mengajukan perubahan.`,
  deliveriesMissing: 'Catat setidaknya satu pengiriman sebelum menyelesaikan kontrak',
  deliveriesUnconfirmed: 'Masih ada pengiriman yang belum dikonfirmasi petani',
  signedNoDelete: 'Kontrak yang sudah ditandatangani tidak dapat dihapus; batalkan kontrak',
  /** `date`: the day the contract started, or its start date if that is earlier (long form). */
  deliveryBeforeStart: (date: string) => `Tanggal pengiriman tidak boleh sebelum kontrak dimulai (${date})`,
  deliveryInFuture: 'Tanggal pengiriman tidak boleh setelah hari ini',
  deliveryConfirmedAlready: 'Pengiriman ini sudah dikonfirmasi',
  offered: 'Penawaran kontrak dikirim',
  countered: 'Tawaran balik dikirim',
  revised: 'Revisi syarat dikirim',
  signed: 'Kontrak ditandatangani',
  rejected: 'Kontrak ditolak',
  cancelled: 'Kontrak dibatalkan',
  started: 'Kontrak dimulai',
  completed: 'Kontrak selesai',
  deliveryRecorded: 'Pengiriman dicatat',
  deliveryConfirmed: 'Penerimaan pengiriman dikonfirmasi',
  /** actor_name of the steps the system takes (the automatic start). */
  systemActor: 'Sistem',
} as const;

/** Deliveries of a contract (the lifecycle's own texts are under `contract`). */
export const delivery = {
  invalidData: 'Data pengiriman tidak valid',
  photoInvalid: 'Foto harus berisi file_name, mime_type dan content_base64',
  photoFieldUnknown: (name: string) => `Bagian foto '${name}' tidak dikenal`,
  photoImageOnly: 'Foto pengiriman harus berupa gambar JPEG, PNG atau WebP',
  // Weighed and graded lots (issue 31).
  grossInvalid: 'Berat kotor harus lebih dari 0, paling banyak 2 angka desimal',
  acceptedInvalid: 'Jumlah diterima harus 0 atau lebih, paling banyak 2 angka desimal',
  rejectedInvalid: 'Jumlah ditolak harus 0 atau lebih, paling banyak 2 angka desimal',
  overGross: 'Jumlah diterima dan ditolak tidak boleh melebihi berat kotor',
  reasonRequired: 'Alasan penolakan wajib diisi jika ada jumlah yang ditolak',
  reasonInvalid: 'Alasan penolakan harus berupa teks',
  reasonTooLong: 'Alasan penolakan paling banyak 500 karakter',
  gradeInvalid: 'Mutu harus berupa kode mutu (huruf besar dan angka, paling banyak 8)',
  /** 400 on `grade`: not a grade of this contract's price table. */
  gradeNotInContract: (codes: string[]) => `Mutu harus salah satu dari mutu kontrak: ${codes.join(', ')}`,
  disputeReasonRequired: 'Alasan sanggahan wajib diisi',
  disputeReasonTooLong: 'Alasan sanggahan paling banyak 1000 karakter',
  resolutionNoteRequired: 'Catatan penyelesaian wajib diisi',
  resolutionNoteTooLong: 'Catatan penyelesaian paling banyak 1000 karakter',
  /** 409: the delivery is not in the status the step is taken from. */
  notRecorded: (statusLabel: string) =>
    `Pengiriman berstatus ${statusLabel}; langkah ini tidak dapat dilakukan`,
  notDisputed: 'Hanya pengiriman yang disanggah yang dapat diselesaikan',
  disputed: 'Sanggahan pengiriman dikirim',
  resolved: 'Sanggahan pengiriman diselesaikan',
} as const;

/** The public check of a contract's verification code (/verifikasi). */
export const verify = {
  codeUnknown: 'Kode verifikasi tidak ditemukan',
  rateLimited: 'Terlalu banyak pemeriksaan dari alamat ini. Coba lagi nanti.',
  fileRequired: 'Unggah berkas PDF kontrak (Content-Type: application/pdf)',
  fileNotPdf: 'Berkas harus berupa PDF (Content-Type: application/pdf)',
  /** Why an uploaded PDF is not this contract's current signed document (POST /verify/{code}). */
  file: {
    unsigned: 'Berkas tidak memiliki tanda tangan digital TaniMitra',
    changed: 'Berkas telah diubah setelah ditandatangani',
    foreign: 'Tanda tangan digital berkas ini bukan milik TaniMitra',
    otherContract: (code: string) => `Berkas ini untuk kontrak lain (kode ${code})`,
    otherVersion: (version: number, current: number) =>
      `Berkas ini untuk versi ketentuan lain (versi ${version}); versi yang berlaku adalah versi ${current}`,
    otherSignatures:
      'Tanda tangan pada berkas ini tidak sama dengan tanda tangan kontrak saat ini; unduh dokumen terbaru',
  },
} as const;
