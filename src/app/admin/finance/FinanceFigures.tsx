import { Alert, Box } from '@mui/material';
import { MESSAGES } from '../../../shared/messages';
import { formatRupiah } from '../../../shared/format-id';
import { Figure } from '../components/Figure';
import { useAdminQuery } from '../providers/useAdminQuery';

const T = MESSAGES.finance;

export const financeSummaryKey = ['getFinanceSummary'] as const;

/**
 * The finance totals of GET /admin/finance/summary as figure cards: value delivered, paid and overdue on the
 * dashboard (`brief`), with what is still outstanding and the median days to payment on the finance view.
 */
export function FinanceFigures({ brief = false }: { brief?: boolean }) {
  const { data, error } = useAdminQuery(financeSummaryKey, (dataProvider) =>
    dataProvider.getFinanceSummary(),
  );
  if (error) return <Alert severity="error">{T.loadFailed}</Alert>;
  if (!data) return null;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: {
          xs: '1fr',
          sm: 'repeat(2, 1fr)',
          lg: brief ? 'repeat(3, 1fr)' : 'repeat(4, 1fr)',
        },
      }}
    >
      <Figure label={T.valueDelivered} value={formatRupiah(data.value_delivered)} />
      <Figure label={T.paid} value={formatRupiah(data.paid)} />
      {!brief && (
        <Figure
          label={T.outstanding}
          value={formatRupiah(data.outstanding)}
          detail={T.owingCount(data.owing_contracts)}
        />
      )}
      <Figure
        label={T.overdue}
        value={formatRupiah(data.overdue_amount)}
        detail={T.overdueCount(data.overdue_count)}
      />
      {!brief && (
        <Figure
          label={T.medianDays}
          value={
            data.median_days_to_payment === null ? '-' : String(data.median_days_to_payment).replace('.', ',')
          }
          detail={
            data.median_days_to_payment === null
              ? T.medianNone
              : T.medianDetail(data.median_days_to_payment, data.paid_deliveries_90d)
          }
        />
      )}
    </Box>
  );
}
