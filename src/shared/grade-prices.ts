import { formatRupiah } from './format-id.js';
import type { GradePrice } from './settlement.js';

/** A price table in one line ('A Rp 6.000 · B Rp 4.500'): the versions' tables of /akun and the panel. */
export const gradePricesLine = (prices: readonly GradePrice[]) =>
  prices.map((p) => `${p.grade} ${formatRupiah(p.price)}`).join(' · ');
