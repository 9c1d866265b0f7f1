import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

export function DownloadStatusChip({ active }: { active: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={translate(active ? 'tm.downloads.active' : 'tm.downloads.inactive')}
    />
  );
}
