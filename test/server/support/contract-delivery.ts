/** The bodies of a contract's deliveries over HTTP (contract-deliveries, trace and receipt tests). */
import type { Json } from './app.js';

/** A price table of two grades: B's price makes a decimal quantity's value need rounding. */
export const GRADED_PRICES = [
  { grade: 'A', price: 5000 },
  { grade: 'B', price: 3333 },
];

export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('foto'),
]);
export const PHOTO = {
  file_name: 'panen.png',
  mime_type: 'image/png',
  content_base64: PNG.toString('base64'),
};

/** 520 kg weighed, 480 kg accepted as grade A, 20 kg rejected with its reason; `extra` replaces any field. */
export const deliveryBody = (extra: Json = {}): Json => ({
  date: '2026-02-10',
  gross_quantity: 520,
  accepted_quantity: 480,
  rejected_quantity: 20,
  rejection_reason: 'Busuk sebagian',
  grade: 'A',
  ...extra,
});
