import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A list cell: a bold first line over a secondary caption. */
export function TwoLines({ first, second }: { first: ReactNode; second: ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {first}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {second}
      </Typography>
    </Box>
  );
}
