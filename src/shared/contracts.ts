/** The contract lifecycle's shared vocabulary (issue 11): the server enforces it, the app shows it. */

/** The version of ELECTRONIC_SIGNATURE_CONSENT that a signature row records (consent_version). */
export const CONSENT_VERSION = 1;

/** What a signer confirms (with their password) when signing a version of a contract's terms. */
export const ELECTRONIC_SIGNATURE_CONSENT =
  'Dengan mencentang kotak ini dan memasukkan kata sandi, saya menyetujui isi kontrak versi ini dan ' +
  'membubuhkan tanda tangan elektronik saya. Saya memahami bahwa tanda tangan ini adalah tanda tangan ' +
  'elektronik tidak tersertifikasi yang sah dan memiliki akibat hukum menurut Undang-Undang Nomor 11 Tahun ' +
  '2008 tentang Informasi dan Transaksi Elektronik (UU ITE) beserta perubahannya dan Peraturan Pemerintah ' +
  'Nomor 71 Tahun 2019 tentang Penyelenggaraan Sistem dan Transaksi Elektronik, karena: data pembuatan ' +
  'tanda tangan terkait hanya kepada saya; data tersebut berada dalam kuasa saya pada saat penandatanganan; ' +
  'dan setiap perubahan atas tanda tangan maupun isi kontrak setelah penandatanganan dapat diketahui ' +
  'melalui kode verifikasi dan hash SHA-256 dokumen.';

/** Quality grades of a delivery. */
export const DELIVERY_GRADES = ['A', 'B', 'C'] as const;
export type DeliveryGrade = (typeof DELIVERY_GRADES)[number];

/** The steps, parties and actors are the lifecycle's (contract-lifecycle.ts). */
export {
  CONTRACT_ACTION_LABELS,
  CONTRACT_ACTIONS,
  CONTRACT_ACTOR_ROLES,
  CONTRACT_PARTIES,
  type ContractAction,
  type ContractActorRole,
  type ContractParty,
} from './contract-lifecycle.js';

/** Who proposed a version of the terms. */
export const TERMS_PROPOSER_ROLES = ['admin', 'petani', 'mitra'] as const;
export type TermsProposerRole = (typeof TERMS_PROPOSER_ROLES)[number];

/**
 * Whether an admin may delete the contract (DELETE /contract/{id}; the panel offers delete only then):
 * not once anyone signed any version of it, even a voided one — such a contract is cancelled instead.
 */
export const contractDeletable = (contract: { has_signatures: boolean }): boolean => !contract.has_signatures;
