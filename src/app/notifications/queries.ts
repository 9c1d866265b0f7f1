import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchNotifications,
  fetchPreferences,
  markAllRead,
  markRead,
  savePreferences,
  type NotificationPreference,
} from './api';

/**
 * The notifications' react-query keys, shared by /akun and the panel (each has its own cache). Everything sits
 * under `notifications`: a new one, a read or a read-all refreshes the pages and the count together.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  page: (page: number) => ['notifications', 'page', page] as const,
  preferences: ['notifications-preferences'] as const,
};

/** A page of the caller's notifications, newest first, with the unread count; the last page stays shown while the next loads. */
export const useNotifications = (page: number, enabled = true) =>
  useQuery({
    queryKey: notificationKeys.page(page),
    queryFn: () => fetchNotifications(page),
    placeholderData: keepPreviousData,
    // The stream says when something changed; a failed stream falls back to reading now and then.
    staleTime: 60_000,
    enabled,
  });

function useRefreshing<T>(mutationFn: (arg: T) => Promise<void>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export const useMarkRead = () => useRefreshing((id: number) => markRead(id));

export const useMarkAllRead = () => useRefreshing(() => markAllRead());

export const usePreferences = (enabled = true) =>
  useQuery({ queryKey: notificationKeys.preferences, queryFn: fetchPreferences, enabled });

export function useSavePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (rows: NotificationPreference[]) => savePreferences(rows),
    onSuccess: (rows) => client.setQueryData(notificationKeys.preferences, rows),
  });
}
