import { Box, Button, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/** Previous/Next with 'Page X of Y', shown only when there is more than one page (docs/spec-notes.md §2). */
export function Pager() {
  const { page, perPage, total, setPage, isPending } = useListContext();
  const translate = useTranslate();
  const pages = Math.max(1, Math.ceil((total ?? 0) / perPage));
  if (isPending || pages <= 1) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, p: 1 }}>
      <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        {translate('tm.list.previous')}
      </Button>
      <Typography variant="body2">{translate('tm.list.page', { page, pages })}</Typography>
      <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
        {translate('tm.list.next')}
      </Button>
    </Box>
  );
}
