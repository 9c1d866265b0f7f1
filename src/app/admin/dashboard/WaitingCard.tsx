import { Alert, Card, CardContent, Link, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useCreatePath } from 'react-admin';
import { outboxUi as T } from '../../../shared/messages/notification-ui';
import { formatNumber } from '../../../shared/format-id';
import { useAdminQuery } from '../providers/useAdminQuery';
import type { AdminDataProvider } from '../providers/dataProvider';

/** What waits for an admin, each a list filtered to it (the lists' own filters, so the link shows the same rows). */
const WAITING = [
  { resource: 'petani', filter: { status_verifikasi: false }, label: T.waitingPetani },
  { resource: 'mitra', filter: { status_verifikasi: false }, label: T.waitingMitra },
  { resource: 'lahan', filter: { status: 'pending' }, label: T.waitingLahan },
] as const;

/** A list's count under `filter`: one row asked for, its total read (a capped total says "n+"). */
async function waitingCounts(dataProvider: AdminDataProvider) {
  return Promise.all(
    WAITING.map(async ({ resource, filter }) => {
      const page = await dataProvider.getList(resource, {
        filter,
        pagination: { page: 1, perPage: 1 },
        sort: { field: 'id', order: 'ASC' },
      });
      const capped = (page.meta as { atLeast?: number } | undefined)?.atLeast;
      return page.total !== undefined ? formatNumber(page.total) : `${formatNumber(capped ?? 0)}+`;
    }),
  );
}

/** The dashboard's "Menunggu verifikasi": registrations and lahan to verify, each opening its filtered list. */
export function WaitingCard() {
  const createPath = useCreatePath();
  const { data, error } = useAdminQuery(['dashboard', 'waiting'], waitingCounts);
  return (
    <Card component="section" aria-label={T.waiting}>
      <CardContent>
        <Typography variant="subtitle1" component="h2">
          {T.waiting}
        </Typography>
        {error && <Alert severity="error">{T.waitingError(error.message)}</Alert>}
        <List dense>
          {WAITING.map(({ resource, filter, label }, i) => (
            <ListItem key={resource} disableGutters>
              <ListItemText
                primary={
                  <Link
                    component={RouterLink}
                    to={`${createPath({ resource, type: 'list' })}?filter=${encodeURIComponent(JSON.stringify(filter))}`}
                  >
                    {label}
                  </Link>
                }
              />
              <Typography variant="h6" component="span">
                {data ? data[i] : '…'}
              </Typography>
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
