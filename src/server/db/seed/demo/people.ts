import { ktpImage, selfieImage, supportingImage } from '../documents.js';
import { FAMILY_NAMES, FEMALE_NAMES, MALE_NAMES } from '../names.js';
import type { Random } from '../random.js';

/** Names, identity numbers and documents of demo petani and mitra. */
export function personName(random: Random) {
  const female = random.chance(0.45);
  return { female, name: `${random.pick(female ? FEMALE_NAMES : MALE_NAMES)} ${random.pick(FAMILY_NAMES)}` };
}

/** A 16-digit NIK: area code of the kecamatan, birth date (day + 40 for women), serial. */
export function nik(random: Random, subDistrictCode: string, female: boolean) {
  const area = subDistrictCode.replaceAll('.', '').padEnd(6, '0').slice(0, 6);
  const day = random.int(1, 28) + (female ? 40 : 0);
  const month = random.int(1, 12);
  const year = random.int(55, 99);
  return `${area}${String(day).padStart(2, '0')}${String(month).padStart(2, '0')}${year}${String(random.int(1, 9999)).padStart(4, '0')}`;
}

export const phone = (random: Random) =>
  `+628${random.pick(['11', '12', '13', '21', '22', '52', '53', '56', '57', '77', '78', '95'])}${random.digits(8)}`;
export const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '');

export const content = (bytes: Uint8Array) => ({ content: bytes, size_bytes: bytes.byteLength });

/** KTP photo, selfie with the KTP and a supporting document: what verification looks at. */
export const identityDocuments = (name: string, personNik: string, supportingTitle: string) => [
  {
    kind: 'ktp' as const,
    mime_type: 'image/svg+xml',
    file_name: 'ktp.svg',
    ...content(ktpImage(name, personNik)),
  },
  {
    kind: 'verifikasi_ktp' as const,
    mime_type: 'image/svg+xml',
    file_name: 'selfie-ktp.svg',
    ...content(selfieImage(name)),
  },
  {
    kind: 'supporting_documents' as const,
    mime_type: 'image/svg+xml',
    file_name: 'dokumen-pendukung.svg',
    ...content(supportingImage(supportingTitle)),
  },
];
