import type { Verification } from './types';

export interface Verdict {
  tone: 'ok' | 'warn' | 'bad';
  title: string;
  text: string;
}

/** The server's reasons are phrases; the page says them as sentences. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

const PARTY: Record<string, string> = { petani: 'petani', mitra: 'mitra' };

/** Who has signed the current version so far, in words. */
function signedSoFar({ signatures, terms_version }: Verification): string {
  if (signatures.length === 0) return `Versi ${terms_version} belum ditandatangani oleh siapa pun.`;
  const who = signatures.map((s) => PARTY[s.role] ?? s.role).join(' dan ');
  return `Versi ${terms_version} baru ditandatangani oleh ${who}.`;
}

/**
 * The headline of /verifikasi: an uploaded PDF that is not the signed one is the red headline, whatever the
 * record says; otherwise the record's state, with the contract's end (cancelled, rejected) said plainly. A
 * contract not signed by both is neither "asli" nor "tidak asli": it is not finished.
 */
export function verdictOf(result: Verification): Verdict {
  if (result.file && !result.file.matches)
    return {
      tone: 'bad',
      title: 'PDF tidak cocok',
      text: `${sentence(result.file.reason ?? 'Berkas ini bukan dokumen yang ditandatangani')} Jangan mengandalkan berkas ini.`,
    };
  if (result.state === 'invalid')
    return {
      tone: 'bad',
      title: 'Dokumen tidak asli',
      text: 'Isi kontrak yang tercatat tidak sama dengan yang ditandatangani para pihak. Jangan mengandalkan dokumen ini.',
    };
  if (result.status === 'cancelled')
    return {
      tone: 'warn',
      title: 'Kontrak dibatalkan',
      text:
        result.state === 'signed'
          ? 'Dokumen ini pernah ditandatangani kedua pihak, tetapi kontraknya telah dibatalkan dan tidak berlaku lagi.'
          : 'Kontrak ini dibatalkan sebelum ditandatangani lengkap dan tidak pernah berlaku.',
    };
  if (result.status === 'rejected')
    return {
      tone: 'warn',
      title: 'Penawaran ditolak',
      text: 'Petani menolak penawaran ini; kontraknya tidak pernah berlaku.',
    };
  if (result.state === 'incomplete')
    return {
      tone: 'warn',
      title: 'Belum ditandatangani lengkap',
      text: `${signedSoFar(result)} Dokumen ini belum mengikat kedua pihak.`,
    };
  return {
    tone: 'ok',
    title: 'Dokumen asli',
    text: result.file?.matches
      ? `Berkas PDF ini sama persis dengan versi ${result.terms_version} yang ditandatangani kedua pihak, dan tanda tangan digitalnya sah.`
      : `Kontrak ini tercatat di TaniMitra dan ditandatangani kedua pihak pada versi ${result.terms_version}. Bandingkan isi di bawah dengan dokumen Anda, atau unggah berkas PDF-nya untuk memeriksa bahwa berkas itu tidak diubah.`,
  };
}
