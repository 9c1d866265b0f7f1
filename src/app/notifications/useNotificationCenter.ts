import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { bearerToken } from '../api/session';
import type { AppNotification } from './api';
import { useMarkAllRead, useMarkRead, useNotifications } from './queries';
import { useNotificationStream } from './stream';

/** The count a badge shows: past 99 it stops growing. */
export const badgeCount = (unread: number) => (unread > 99 ? '99+' : String(unread));

/**
 * What a bell needs, in /akun and in the panel alike: the unread count (kept live by the stream), the open
 * list's page, opening one (read, then its link) and reading all.
 */
export function useNotificationCenter() {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const navigate = useNavigate();
  // Nothing to read without a session (the panel's tests let anyone in without one).
  const signedIn = Boolean(bearerToken());
  useNotificationStream(signedIn);
  const list = useNotifications(page, signedIn);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const current = list.data;

  const openItem = async (item: AppNotification) => {
    setOpen(false);
    if (!item.read_at) await markRead.mutateAsync(item.id).catch(() => undefined);
    navigate(item.link);
  };

  return {
    open,
    setOpen,
    unread: current?.unread ?? 0,
    items: current?.data,
    error: list.error,
    page: current?.page ?? page,
    totalPages: current?.totalPages ?? 1,
    setPage,
    openItem,
    markAll: () => markAll.mutate(),
    markingAll: markAll.isPending,
  };
}

export type NotificationCenter = ReturnType<typeof useNotificationCenter>;
