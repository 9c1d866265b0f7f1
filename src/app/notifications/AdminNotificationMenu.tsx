import NotificationsIcon from '@mui/icons-material/Notifications';
import {
  Badge,
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { formatDateTime } from '../../shared/format-id';
import { notificationUi as T } from '../../shared/messages/notification-ui';
import { errorMessage } from '../api/client';
import { badgeCount, useNotificationCenter } from './useNotificationCenter';

/** The panel's bell (AdminAppBar): the same list as /akun's, in a popover under the bell. */
export function AdminNotificationMenu() {
  const center = useNotificationCenter();
  const { open, setOpen, unread, items, page, totalPages } = center;
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);

  let body;
  if (center.error) body = <Typography role="alert">{errorMessage(center.error)}</Typography>;
  else if (!items) body = <Typography>{T.loading}</Typography>;
  else if (items.length === 0) body = <Typography>{T.empty}</Typography>;
  else
    body = (
      <List dense disablePadding>
        {items.map((item) => (
          <ListItem key={item.id} disablePadding divider>
            <ListItemButton selected={!item.read_at} onClick={() => void center.openItem(item)}>
              <ListItemText
                primary={item.title}
                secondary={`${formatDateTime(item.created_at)}${item.read_at ? '' : ` · ${T.unreadMark}`}`}
                slotProps={{ primary: { sx: { fontWeight: item.read_at ? 400 : 600 } } }}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    );

  return (
    <>
      <IconButton
        ref={setAnchor}
        color="inherit"
        aria-label={T.bell(unread)}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen(!open)}
      >
        <Badge badgeContent={unread > 0 ? badgeCount(unread) : null} color="error">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': T.heading,
            sx: { width: 'min(380px, calc(100vw - 24px))', p: 2 },
          },
        }}
      >
        <Typography variant="h6" component="h2" gutterBottom>
          {T.heading}
        </Typography>
        {body}
        {totalPages > 1 && (
          <Box
            component="nav"
            aria-label={T.page(page, totalPages)}
            sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 1 }}
          >
            <Button disabled={page <= 1} onClick={() => center.setPage(page - 1)}>
              {T.previous}
            </Button>
            <Typography variant="body2">{T.page(page, totalPages)}</Typography>
            <Button disabled={page >= totalPages} onClick={() => center.setPage(page + 1)}>
              {T.next}
            </Button>
          </Box>
        )}
        <Button
          variant="contained"
          fullWidth
          sx={{ mt: 2 }}
          disabled={unread === 0 || center.markingAll}
          onClick={center.markAll}
        >
          {T.markAll}
        </Button>
      </Popover>
    </>
  );
}
