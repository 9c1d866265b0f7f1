import { Box, Button, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { useRowsPending } from './ListSkeleton';

const count = (n: number) => n.toLocaleString('id-ID');

/**
 * Previous/Next with 'Page X of Y', shown only when there is more than one page (docs/spec-notes.md §2). A total
 * the API did not count to the end (the data provider's `meta.atLeast`, docs/API.md) reads 'Page X of 100+ ·
 * 1.000+', and Next stays on while the page is full (react-admin's `hasNextPage`, from its `pageInfo`).
 */
export function Pager() {
  const { page, perPage, total, setPage, hasNextPage, meta } = useListContext();
  const isPending = useRowsPending();
  const translate = useTranslate();
  const atLeast = (meta as { atLeast?: number } | undefined)?.atLeast;
  const exact = atLeast === undefined;
  const pages = Math.max(1, Math.ceil((exact ? (total ?? 0) : atLeast) / perPage));
  if (isPending || (exact && pages <= 1)) return null;
  const label = exact
    ? translate('tm.list.page', { page, pages })
    : `${translate('tm.list.page', { page, pages: `${count(pages)}+` })} · ${count(atLeast)}+`;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, p: 1 }}>
      <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        {translate('tm.list.previous')}
      </Button>
      <Typography variant="body2">{label}</Typography>
      <Button size="small" disabled={exact ? page >= pages : !hasNextPage} onClick={() => setPage(page + 1)}>
        {translate('tm.list.next')}
      </Button>
    </Box>
  );
}
