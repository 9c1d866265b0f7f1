import { AREA_UNIT } from './constants.js';

/**
 * Indonesian display formats, one place for the app, the admin panel and the server (contract PDFs):
 * long dates, Jakarta times, numbers, rupiah and areas.
 */

const longDate = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTime = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'Asia/Jakarta',
});
const number = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });

/** `2025-01-15` → `15 Januari 2025` (Indonesian long form). */
export function formatLongDate(isoDate: string): string {
  const date = new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : longDate.format(date);
}

/** A moment in Jakarta time: `12 Maret 2026 pukul 14.05 WIB`. */
export function formatDateTime(moment: string | Date): string {
  const date = new Date(moment);
  return Number.isNaN(date.getTime()) ? String(moment) : `${dateTime.format(date)} WIB`;
}

/** `12500000` → `12.500.000`; decimals only when there are any (`1.250,5`). */
export const formatNumber = (n: number) => number.format(n);

/** An amount in rupiah: `Rp 12.500.000` (decimals only when there are any: `Rp 1.250,5`). */
export const formatRupiah = (value: number | string) => `Rp ${formatNumber(Number(value))}`;

/** An area in m², or '-' when it is not known. */
export const formatArea = (value: unknown) =>
  value === null || value === undefined || value === '' ? '-' : `${formatNumber(Number(value))} ${AREA_UNIT}`;
