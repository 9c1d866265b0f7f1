import { Box, Skeleton } from '@mui/material';
import { useDeferredValue, type ReactNode } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { ADMIN_PAGE_SIZE } from '../../../shared/constants';

/** Datagrid's row height (size small, one line of text with a row checkbox), so rows replace it in place. */
const ROW_HEIGHT = 42;

/** Grey rows in place of a list's rows while its first page loads: announced as busy, not as an empty list. */
export function ListSkeleton({ columns = 4 }: { columns?: number }) {
  const translate = useTranslate();
  return (
    <Box role="status" aria-busy="true" aria-label={translate('ra.page.loading')} sx={{ width: '100%' }}>
      {Array.from({ length: ADMIN_PAGE_SIZE }, (_, row) => (
        <Box
          key={row}
          aria-hidden="true"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            px: 2,
            height: ROW_HEIGHT,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {Array.from({ length: columns }, (_, column) => (
            <Skeleton key={column} variant="text" sx={{ flex: 1 }} />
          ))}
        </Box>
      ))}
    </Box>
  );
}

/**
 * Whether a list's first page is still to be shown. When it arrives, the rows are rendered in a deferred update,
 * which React renders in slices that yield to the browser instead of one long task; what is drawn below the rows
 * (the pager) waits for the same update, so nothing appears below the skeleton only to be pushed down.
 */
export const useRowsPending = () => useDeferredValue(useListContext().isPending);

/**
 * A list's table, or skeleton rows while its first page is pending. Datagrid alone shows nothing for a second,
 * then unlabelled placeholder rows.
 */
export function ListRows({ columns, children }: { columns?: number; children: ReactNode }) {
  return useRowsPending() ? <ListSkeleton columns={columns} /> : children;
}
