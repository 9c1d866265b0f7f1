import { Box, Typography } from '@mui/material';

/** The empty text of a list (e.g. 'No users found'). */
export function EmptyState({ text }: { text: string }) {
  return (
    <Box sx={{ py: 6, px: 2, textAlign: 'center', width: '100%' }}>
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}
