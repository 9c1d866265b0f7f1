import { AREA_UNIT } from '../../shared/constants';

const longDate = new Intl.DateTimeFormat('id-ID', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const number = new Intl.NumberFormat('id-ID');

/** `2025-01-15` → `15 Januari 2025` (Indonesian long form). */
export function formatLongDate(isoDate: string): string {
  const date = new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : longDate.format(date);
}

export const formatNumber = (n: number) => number.format(n);

/** An area in m², or '-' when it is not known. */
export const formatArea = (value: unknown) =>
  value === null || value === undefined || value === '' ? '-' : `${formatNumber(Number(value))} ${AREA_UNIT}`;
