/* Part of MESSAGES (../messages.ts): a contract's money — advances, payments, the settlement (issue 31). */
import { formatRupiah } from '../format-id.js';

export const settlement = {
  advanceInvalidData: 'Data uang muka tidak valid',
  paymentInvalidData: 'Data pembayaran tidak valid',
  kindInvalid: 'Jenis uang muka harus benih, pupuk, pestisida, uang_tunai atau lainnya',
  amountInvalid: 'Jumlah harus berupa rupiah bulat lebih dari 0',
  dateInvalid: 'Tanggal harus berformat YYYY-MM-DD',
  dateInFuture: 'Tanggal tidak boleh setelah hari ini',
  noteInvalid: 'Catatan harus berupa teks',
  noteTooLong: 'Catatan paling banyak 500 karakter',
  methodInvalid: 'Metode pembayaran harus transfer, e_wallet atau tunai',
  referenceRequired: 'Referensi pembayaran wajib diisi',
  referenceTooLong: 'Referensi pembayaran paling banyak 100 karakter',
  photoImageOnly: 'Bukti pembayaran harus berupa gambar JPEG, PNG atau WebP',
  /** 400 on `amount`: more than what is still owed (less the payments awaiting the petani's confirmation). */
  overOutstanding: (owed: number, pending: number) =>
    `Jumlah pembayaran melebihi sisa tagihan ${formatRupiah(owed)}` +
    (pending > 0 ? ` (${formatRupiah(pending)} lainnya menunggu konfirmasi petani)` : ''),
  advanceRecorded: 'Uang muka dicatat',
  advanceConfirmed: 'Uang muka dikonfirmasi',
  advanceConfirmedAlready: 'Uang muka ini sudah dikonfirmasi',
  paymentRecorded: 'Pembayaran dicatat',
  paymentConfirmed: 'Pembayaran dikonfirmasi',
  paymentConfirmedAlready: 'Pembayaran ini sudah dikonfirmasi',
} as const;
