import { useTheme } from '@mui/material';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface Count {
  name: string;
  value: number;
}

/**
 * Bars in the theme's green, axis labels and grid in its text and divider colours (readable in both modes).
 * Its own chunk: recharts is most of the dashboard's code and loads after the figures.
 */
export default function CountBars({ counts }: { counts: Count[] }) {
  const { palette } = useTheme();
  const tick = { fill: palette.text.secondary };
  return (
    <ResponsiveContainer>
      <BarChart data={counts}>
        <CartesianGrid strokeDasharray="3 3" stroke={palette.divider} />
        <XAxis dataKey="name" tick={tick} />
        <YAxis allowDecimals={false} tick={tick} />
        <Tooltip />
        <Bar dataKey="value" fill={palette.primary.main} />
      </BarChart>
    </ResponsiveContainer>
  );
}
