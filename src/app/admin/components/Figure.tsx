import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A figure card of the dashboard and the finance view: its label (the card's name), value and a detail line. */
export function Figure({ label, value, detail }: { label: string; value: string; detail?: ReactNode }) {
  return (
    <Card component="section" aria-label={label}>
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h4" component="p">
          {value}
        </Typography>
        {detail && (
          <Typography variant="body2" color="text.secondary">
            {detail}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
