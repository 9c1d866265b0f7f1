import { hasEnded, nextSentence, stepsOn } from '../../../shared/contract-lifecycle';
import type { Contract, PartyRole } from './types';

/**
 * What happens next on the contract, for `role`, in one plain sentence (the steps' buttons follow it): while
 * the party may sign, whose turn it is; otherwise the lifecycle's sentence for the status.
 */
export function nextStep(contract: Contract, role: PartyRole): string {
  if (stepsOn(contract.status, role).includes('sign')) {
    if (contract.awaiting === role)
      return 'Giliran Anda: periksa syaratnya, lalu tanda tangani atau ajukan perubahan.';
    const other = role === 'petani' ? 'mitra' : 'petani';
    return contract.awaiting ? `Menunggu tanggapan ${contract.awaiting}.` : `Menunggu tanda tangan ${other}.`;
  }
  if (contract.awaiting && hasEnded(contract.status))
    return contract.awaiting === role ? MONEY_TURN[role] : MONEY_WAIT[role];
  return nextSentence(contract.status, role) ?? 'Kontrak tidak berlanjut. Tidak ada langkah lagi.';
}

/** After a contract ends it may still await a party: the mitra while something is owed, the petani to confirm money. */
const MONEY_TURN: Record<PartyRole, string> = {
  petani: 'Giliran Anda: konfirmasi pembayaran atau uang muka yang sudah Anda terima.',
  mitra: 'Giliran Anda: bayar sisa tagihan kepada petani.',
};
const MONEY_WAIT: Record<PartyRole, string> = {
  petani: 'Menunggu mitra melunasi pembayaran.',
  mitra: 'Menunggu petani mengonfirmasi pembayaran.',
};
