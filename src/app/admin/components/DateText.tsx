import { useRecordContext } from 'react-admin';
import { formatDate } from '../../../shared/format-id';

interface DateTextProps {
  /** A date value; without it, the `source` field of the current record. */
  value?: unknown;
  source?: string;
  withTime?: boolean;
  /** Column header when used in a Datagrid. */
  label?: string;
}

/** A date in the Indonesian long form (docs/spec-notes.md §9). */
export function DateText({ value, source, withTime }: DateTextProps) {
  const record = useRecordContext();
  const shown = value !== undefined ? value : source ? record?.[source] : undefined;
  return <span>{formatDate(shown, withTime)}</span>;
}
