/* Part of MESSAGES (../messages.ts): notifications — each kind's label and the one-line titles (issue 29). */
import type { NotificationKind } from '../notifications.js';

/** How a contract is named in a title: its number and its title. */
const contract = (id: number, title: string) => `kontrak #${id} "${title}"`;

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
    'person.verification': 'Verifikasi akun',
    'lahan.verification': 'Verifikasi lahan',
    'registration.new': 'Pendaftaran baru',
  } satisfies Record<NotificationKind, string>,
  titles: {
    offer: (id: number, title: string) =>
      `Penawaran baru untuk ${contract(id, title)}: tanggapi penawarannya`,
    counter: (id: number, title: string) => `Petani mengajukan tawaran balik untuk ${contract(id, title)}`,
    revise: (id: number, title: string) => `Mitra merevisi penawaran ${contract(id, title)}`,
    edit: (id: number, title: string) =>
      `Admin mengubah syarat ${contract(id, title)}: tinjau dan tanda tangani`,
    sign: (id: number, title: string) => `Pihak lain menandatangani ${contract(id, title)}: giliran Anda`,
    approve: (id: number, title: string) => `${capital(contract(id, title))} disetujui kedua pihak`,
    start: (id: number, title: string) => `${capital(contract(id, title))} sudah dimulai`,
    delivery: (id: number, title: string) =>
      `Pengiriman baru dicatat untuk ${contract(id, title)}: konfirmasi penerimaannya`,
    deliveryConfirmed: (id: number, title: string) =>
      `Petani mengonfirmasi pengiriman ${contract(id, title)}`,
    complete: (id: number, title: string) => `${capital(contract(id, title))} sudah selesai`,
    reject: (id: number, title: string) => `Petani menolak penawaran ${contract(id, title)}`,
    cancel: (id: number, title: string) => `${capital(contract(id, title))} dibatalkan`,
    personVerified: 'Akun Anda sudah diverifikasi admin',
    personUnverified: 'Verifikasi akun Anda dicabut admin: periksa data dan dokumen Anda',
    lahanVerified: (name: string) => `Lahan "${name}" sudah diverifikasi admin`,
    lahanUnverified: (name: string) => `Verifikasi lahan "${name}" dicabut admin`,
    registration: (role: 'petani' | 'mitra', name: string) =>
      `Pendaftaran ${role} baru: ${name} menunggu verifikasi`,
  },
};

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
