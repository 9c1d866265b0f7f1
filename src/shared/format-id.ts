import { AREA_UNIT } from './constants.js';

/**
 * Indonesian display formats, one place for the app, the admin panel and the server (contract PDFs):
 * long dates, Jakarta times, numbers, rupiah and areas.
 */

const longDate = { day: 'numeric', month: 'long', year: 'numeric' } as const;
/** A calendar date (`2025-01-15`) is that day wherever it is shown; a moment is the day it was in Jakarta. */
const calendarDate = new Intl.DateTimeFormat('id-ID', { ...longDate, timeZone: 'UTC' });
const jakartaDate = new Intl.DateTimeFormat('id-ID', { ...longDate, timeZone: 'Asia/Jakarta' });
const dateTime = new Intl.DateTimeFormat('id-ID', {
  ...longDate,
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
  timeZone: 'Asia/Jakarta',
});
const number = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 2 });

const isCalendarDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);
const parse = (text: string) => new Date(isCalendarDate(text) ? `${text}T00:00:00Z` : text);

/** `2025-01-15` → `15 Januari 2025` (Indonesian long form); a moment → its day in Jakarta. */
export function formatLongDate(isoDate: string): string {
  const date = parse(isoDate);
  if (Number.isNaN(date.getTime())) return isoDate;
  return (isCalendarDate(isoDate) ? calendarDate : jakartaDate).format(date);
}

/** A moment in Jakarta time: `12 Maret 2026 pukul 14.05 WIB`. */
export function formatDateTime(moment: string | Date): string {
  const date = new Date(moment);
  return Number.isNaN(date.getTime()) ? String(moment) : `${dateTime.format(date)} WIB`;
}

/**
 * Any date or moment a screen shows (a record's field as it came): '-' when absent or not a date; with
 * `withTime`, a moment with its Jakarta time (formatDateTime), else its long date (formatLongDate).
 */
export function formatDate(value: unknown, withTime = false): string {
  if (value === null || value === undefined || value === '') return '-';
  const text = value instanceof Date ? value.toISOString() : String(value);
  if (Number.isNaN(parse(text).getTime())) return '-';
  return withTime && !isCalendarDate(text) ? formatDateTime(text) : formatLongDate(text);
}

/** `12500000` → `12.500.000`; decimals only when there are any (`1.250,5`). */
export const formatNumber = (n: number) => number.format(n);

/** An amount in rupiah: `Rp 12.500.000` (decimals only when there are any: `Rp 1.250,5`). */
export const formatRupiah = (value: number | string) => `Rp ${formatNumber(Number(value))}`;

/** An area in m², or '-' when it is not known. */
export const formatArea = (value: unknown) =>
  value === null || value === undefined || value === '' ? '-' : `${formatNumber(Number(value))} ${AREA_UNIT}`;

/** Today's date in Indonesia (WIB), YYYY-MM-DD: deliveries, advances and payments are dated by it, and fall due by it. */
export const todayInJakarta = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta' }).format(new Date());
