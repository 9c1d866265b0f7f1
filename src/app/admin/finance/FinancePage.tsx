import { Box } from '@mui/material';
import { Title } from 'react-admin';
import { formatDate, formatRupiah } from '../../../shared/format-id';
import { MESSAGES } from '../../../shared/messages';
import { FinanceFigures } from './FinanceFigures';
import { FinanceTable } from './FinanceTable';
import type { OutstandingRow, OverdueRow } from './types';

const T = MESSAGES.finance;
const C = T.columns;

const mitraOf = (row: { mitra_name: string | null; mitra_id: number | null }) =>
  row.mitra_name ?? (row.mitra_id === null ? '-' : `#${row.mitra_id}`);

/**
 * /admin/finance (menu "Keuangan"): the finance totals, what each mitra still owes and the overdue contracts,
 * each list paged and downloadable as CSV.
 */
export function FinancePage() {
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title={T.title} />
      <FinanceFigures />
      <FinanceTable<OutstandingRow>
        list="outstanding"
        title={T.outstandingTitle}
        csvLabel={T.downloadOutstandingLabel}
        rowKey={(r) => r.mitra_id ?? 'none'}
        columns={[
          {
            label: C.mitra,
            cell: (r) => (r.company_name ? `${mitraOf(r)} · ${r.company_name}` : mitraOf(r)),
          },
          { label: C.contractsOwing, cell: (r) => r.contracts_owing, numeric: true },
          { label: C.outstanding, cell: (r) => formatRupiah(r.outstanding), numeric: true },
          { label: C.overdueAmount, cell: (r) => formatRupiah(r.overdue_amount), numeric: true },
          { label: C.oldestDue, cell: (r) => formatDate(r.oldest_due_date) },
        ]}
      />
      <FinanceTable<OverdueRow>
        list="overdue"
        title={T.overdueTitle}
        csvLabel={T.downloadOverdueLabel}
        rowKey={(r) => r.id}
        columns={[
          { label: C.contract, cell: (r) => r.title },
          { label: C.mitra, cell: mitraOf },
          { label: C.petani, cell: (r) => r.petani_name ?? '-' },
          { label: C.outstanding, cell: (r) => formatRupiah(r.outstanding), numeric: true },
          { label: C.dueDate, cell: (r) => formatDate(r.due_date) },
          { label: C.daysLate, cell: (r) => T.daysLate(r.days_late), numeric: true },
        ]}
      />
    </Box>
  );
}
