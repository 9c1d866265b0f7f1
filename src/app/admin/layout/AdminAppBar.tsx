import { Chip, Typography } from '@mui/material';
import { AppBar, TitlePortal, useTranslate } from 'react-admin';
import { AdminNotificationMenu } from '../../notifications/AdminNotificationMenu';
import { useHeaderTitle } from './useHeaderTitle';

/** '<tab> Dashboard', the notification bell and the fixed Administrator badge (docs/spec-notes.md §2). */
export function AdminAppBar() {
  const translate = useTranslate();
  const title = useHeaderTitle();
  return (
    <AppBar userMenu={false} color="primary">
      <Typography component="h1" variant="h6" noWrap sx={{ flex: 1, minWidth: 0 }}>
        {title}
      </Typography>
      <TitlePortal sx={{ display: 'none' }} />
      <AdminNotificationMenu />
      <Chip
        label={translate('tm.layout.badge')}
        size="small"
        variant="outlined"
        sx={{ color: 'inherit', borderColor: 'currentColor', mr: 1 }}
      />
    </AppBar>
  );
}
