import type { Contract, PartyRole } from './types';

/** What happens next on the contract, for `role`, in one plain sentence (the steps' buttons follow it). */
export function nextStep(contract: Contract, role: PartyRole): string {
  const other = role === 'petani' ? 'mitra' : 'petani';
  switch (contract.status) {
    case 'pending':
    case 'negotiation':
      if (contract.awaiting === role)
        return 'Giliran Anda: periksa syaratnya, lalu tanda tangani atau ajukan perubahan.';
      return contract.awaiting
        ? `Menunggu tanggapan ${contract.awaiting}.`
        : `Menunggu tanda tangan ${other}.`;
    case 'approved':
      return role === 'mitra'
        ? 'Kedua pihak sudah menandatangani. Mulai kontrak saat pelaksanaan dimulai.'
        : 'Kedua pihak sudah menandatangani. Menunggu mitra memulai kontrak.';
    case 'active':
      return role === 'mitra'
        ? 'Catat setiap pengiriman; selesaikan kontrak setelah petani mengonfirmasi semuanya.'
        : 'Konfirmasi setiap pengiriman yang sudah Anda terima.';
    case 'completed':
      return 'Kontrak selesai. Tidak ada langkah lagi.';
    default:
      return 'Kontrak tidak berlanjut. Tidak ada langkah lagi.';
  }
}
