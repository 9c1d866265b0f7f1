/* Texts of notifications (issue 29): each kind's label and the one-line titles, naming the contract, lahan or person. */
import type { NotificationKind } from '../notifications.js';

/** How a contract is named in a title: its number and its title. */
const contract = (id: number, title: string) => `kontrak #${id} "${title}"`;
const Contract = (id: number, title: string) => `Kontrak #${id} "${title}"`;

type ContractKind = Extract<NotificationKind, `contract.${string}`>;

export const notifications = {
  kindLabels: {
    'contract.offer': 'Penawaran kontrak baru',
    'contract.counter': 'Tawaran balik',
    'contract.revise': 'Revisi penawaran',
    'contract.edit': 'Syarat kontrak diubah admin',
    'contract.sign': 'Tanda tangan pihak lain',
    'contract.approve': 'Kontrak disetujui',
    'contract.start': 'Kontrak dimulai',
    'contract.delivery': 'Pengiriman dicatat',
    'contract.delivery_confirmed': 'Pengiriman dikonfirmasi',
    'contract.complete': 'Kontrak selesai',
    'contract.reject': 'Penawaran ditolak',
    'contract.cancel': 'Kontrak dibatalkan',
    'contract.advance': 'Uang muka dicatat',
    'contract.advance_confirmed': 'Uang muka dikonfirmasi',
    'contract.payment': 'Pembayaran dicatat',
    'contract.payment_confirmed': 'Pembayaran dikonfirmasi',
    'contract.overdue': 'Pembayaran terlambat',
    'contract.dispute': 'Pengiriman disanggah',
    'contract.resolve': 'Sanggahan pengiriman diselesaikan',
    'person.verification': 'Verifikasi akun',
    'lahan.verification': 'Verifikasi lahan',
    'registration.new': 'Pendaftaran baru',
    'lahan.new': 'Lahan baru menunggu verifikasi',
  } satisfies Record<NotificationKind, string>,
  /** A contract step's title, by kind: `(contract id, contract title)`. */
  contractTitles: {
    'contract.offer': (id, title) => `Penawaran baru untuk ${contract(id, title)}: tanggapi penawarannya`,
    'contract.counter': (id, title) => `Petani mengajukan tawaran balik untuk ${contract(id, title)}`,
    'contract.revise': (id, title) => `Mitra merevisi penawaran ${contract(id, title)}`,
    'contract.edit': (id, title) => `Admin mengubah syarat ${contract(id, title)}: tinjau dan tanda tangani`,
    'contract.sign': (id, title) => `Pihak lain menandatangani ${contract(id, title)}: giliran Anda`,
    'contract.approve': (id, title) => `${Contract(id, title)} disetujui kedua pihak`,
    'contract.start': (id, title) => `${Contract(id, title)} sudah dimulai`,
    'contract.delivery': (id, title) =>
      `Pengiriman baru dicatat untuk ${contract(id, title)}: konfirmasi penerimaannya`,
    'contract.delivery_confirmed': (id, title) => `Petani mengonfirmasi pengiriman ${contract(id, title)}`,
    'contract.complete': (id, title) => `${Contract(id, title)} sudah selesai`,
    'contract.reject': (id, title) => `Petani menolak penawaran ${contract(id, title)}`,
    'contract.cancel': (id, title) => `${Contract(id, title)} dibatalkan`,
    'contract.advance': (id, title) =>
      `Mitra mencatat uang muka untuk ${contract(id, title)}: konfirmasi penerimaannya`,
    'contract.advance_confirmed': (id, title) => `Petani mengonfirmasi uang muka ${contract(id, title)}`,
    'contract.payment': (id, title) =>
      `Mitra mencatat pembayaran untuk ${contract(id, title)}: konfirmasi penerimaannya`,
    'contract.payment_confirmed': (id, title) => `Petani mengonfirmasi pembayaran ${contract(id, title)}`,
    'contract.overdue': (id, title) => `Pembayaran ${contract(id, title)} melewati jatuh tempo`,
    'contract.dispute': (id, title) =>
      `Petani menyanggah pengiriman ${contract(id, title)}: menunggu penyelesaian admin`,
    'contract.resolve': (id, title) => `Admin menyelesaikan sanggahan pengiriman ${contract(id, title)}`,
  } satisfies Record<ContractKind, (id: number, title: string) => string>,
  personVerified: 'Akun Anda sudah diverifikasi admin',
  personUnverified: 'Verifikasi akun Anda dicabut admin: periksa data dan dokumen Anda',
  lahanVerified: (name: string) => `Lahan "${name}" sudah diverifikasi admin`,
  registration: (role: 'petani' | 'mitra', name: string) =>
    `Pendaftaran ${role} baru: ${name} menunggu verifikasi`,
  lahanNew: (name: string, owner: string) => `Lahan baru "${name}" milik ${owner} menunggu verifikasi`,
  /** Refusals of the notifications API. */
  requiredInApp: (kind: string) => `Notifikasi ${kind} tidak dapat dimatikan di aplikasi`,
  choiceInvalid: 'Pilihan saluran harus berupa objek in_app, email, whatsapp bernilai true atau false',
  channelUnknown: (channel: string) => `Saluran notifikasi tidak dikenal: ${channel}`,
  preferencesInvalid: 'Beberapa pilihan notifikasi tidak valid',
  readAll: 'Semua notifikasi ditandai sudah dibaca',
  read: 'Notifikasi ditandai sudah dibaca',
  preferencesSaved: 'Pengaturan notifikasi disimpan',
};
