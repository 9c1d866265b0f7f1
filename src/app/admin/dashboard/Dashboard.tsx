import { Alert, Box, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { lazy, Suspense, useDeferredValue, type ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import { AREA_UNIT } from '../../../shared/constants';
import { CONTRACT_STATUS_LABEL, lahanStatusLabel } from '../../../shared/statusLabels';
import { formatDate, formatRupiah } from '../../../shared/format-id';
import { Figure } from '../components/Figure';
import { FinanceFigures } from '../finance/FinanceFigures';
import { useAdminQuery } from '../providers/useAdminQuery';
import type { Count } from './CountBars';
import { WaitingCard } from './WaitingCard';

const CountBars = lazy(() => import('./CountBars'));

const number = (value: number) => value.toLocaleString('id-ID');

/** A row of cards, `columns` a grid-template-columns per breakpoint. */
function Columns({ columns, children }: { columns: Record<string, string>; children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: columns }}>{children}</Box>;
}

/** A chart card; its box keeps the chart's height while its bars load, so nothing below moves. */
function CountChart({ title, counts }: { title: string; counts: Count[] }) {
  return (
    <Card component="section" aria-label={title}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {title}
        </Typography>
        <Box sx={{ width: '100%', height: 240 }}>
          <Suspense fallback={null}>
            <CountBars counts={counts} />
          </Suspense>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * /admin/dashboard: what waits for the admins (WaitingCard), then the figures of GET /admin/stats with the value
 * under contract, users by role, lahan and contracts by status as charts.
 */
export function Dashboard() {
  const translate = useTranslate();
  const { data, error } = useAdminQuery(['getStats'], (dataProvider) => dataProvider.getStats());
  // The figures, cards and charts render in a deferred update React slices, not in one task when they arrive.
  const stats = useDeferredValue(data);

  let content: ReactNode;
  if (error)
    content = <Alert severity="error">{translate('tm.dashboard.error', { message: error.message })}</Alert>;
  else if (!stats) content = <Typography>{translate('ra.page.loading')}</Typography>;
  else {
    const { users, lahan, contracts, recentContracts } = stats;
    content = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <WaitingCard />
        <Columns columns={{ xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' }}>
          <Figure
            label={translate('tm.dashboard.users')}
            value={number(users.total)}
            detail={`${translate('tm.dashboard.verified')}: ${number(users.verified)} · ${translate('tm.dashboard.unverified')}: ${number(users.unverified)}`}
          />
          <Figure
            label={translate('tm.dashboard.lahan')}
            value={number(lahan.total)}
            detail={`${translate('tm.dashboard.total_area')}: ${number(lahan.totalArea)} ${AREA_UNIT}`}
          />
          <Figure label={translate('tm.dashboard.contracts')} value={number(contracts.total)} />
          <Figure
            label={translate('tm.dashboard.value_under_contract')}
            value={formatRupiah(contracts.valueUnderContract)}
            detail={translate('tm.dashboard.value_detail')}
          />
        </Columns>
        <FinanceFigures brief />
        <Columns columns={{ xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' }}>
          <CountChart
            title={translate('tm.dashboard.users_by_role')}
            counts={Object.entries(users.byRole).map(([role, value]) => ({
              name: translate(`tm.roles.${role}`),
              value,
            }))}
          />
          <CountChart
            title={translate('tm.dashboard.lahan_by_status')}
            counts={Object.entries(lahan.byStatus).map(([status, value]) => ({
              name: lahanStatusLabel(status),
              value,
            }))}
          />
          <CountChart
            title={translate('tm.dashboard.contracts_by_status')}
            counts={Object.entries(contracts.byStatus).map(([status, value]) => ({
              name: CONTRACT_STATUS_LABEL[status] ?? status,
              value,
            }))}
          />
        </Columns>
        <Card component="section" aria-label={translate('tm.dashboard.recent_contracts')}>
          <CardContent>
            <Typography variant="subtitle1" component="h2">
              {translate('tm.dashboard.recent_contracts')}
            </Typography>
            {recentContracts.length === 0 ? (
              <Typography variant="body2">{translate('tm.dashboard.no_contracts')}</Typography>
            ) : (
              <List dense>
                {recentContracts.map((contract) => (
                  <ListItem key={contract.id} disableGutters>
                    <ListItemText
                      primary={contract.title}
                      secondary={`${contract.fullname_petani ?? '-'} · ${contract.fullname_mitra ?? '-'} · ${contract.status} · ${formatDate(contract.created_at)}`}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </CardContent>
        </Card>
      </Box>
    );
  }
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('tm.dashboard.title')} />
      {content}
    </Box>
  );
}
