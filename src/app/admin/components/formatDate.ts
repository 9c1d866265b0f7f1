import { format, isValid, parseISO } from 'date-fns';
import { id } from 'date-fns/locale';

/** Indonesian long form, e.g. '20 Januari 2025' (with hour and minute: '20 Januari 2025 14.05'); '-' when absent. */
export function formatDateId(value: unknown, withTime = false): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = value instanceof Date ? value : parseISO(String(value));
  if (!isValid(date)) return '-';
  return format(date, withTime ? 'd MMMM yyyy HH.mm' : 'd MMMM yyyy', { locale: id });
}
