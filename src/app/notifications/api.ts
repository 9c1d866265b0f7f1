import { http, unwrap } from '../api/client';

/** One notification of the caller (docs/API.md "Notifications"). */
export interface AppNotification {
  id: number;
  kind: string;
  title: string;
  /** An app path to open: `/akun/kontrak/{id}`, `/admin/contract/{id}/show`, … */
  link: string;
  contract_id: number | null;
  created_at: string;
  read_at: string | null;
}

export interface NotificationPage {
  data: AppNotification[];
  page: number;
  totalPages: number;
  unread: number;
}

/** A kind's channels (a missing preference reads as on); `required` kinds cannot be silenced in the app. */
export interface NotificationPreference {
  kind: string;
  in_app: boolean;
  email: boolean;
  whatsapp: boolean;
  required: boolean;
}

export const NOTIFICATIONS_PER_PAGE = 10;

interface ListAnswer {
  data: AppNotification[];
  pagination?: { page?: number; totalPages?: number };
  unread?: number;
}

export async function fetchNotifications(page: number): Promise<NotificationPage> {
  const body = (
    await http.get<ListAnswer>('/notifications', { params: { page, limit: NOTIFICATIONS_PER_PAGE } })
  ).data;
  return {
    data: body.data,
    page: body.pagination?.page ?? page,
    totalPages: Math.max(1, body.pagination?.totalPages ?? 1),
    unread: body.unread ?? 0,
  };
}

export async function markRead(id: number) {
  await http.post(`/notifications/${id}/read`);
}

export async function markAllRead() {
  await http.post('/notifications/read-all');
}

export const fetchPreferences = async () =>
  unwrap<NotificationPreference[]>(await http.get('/notifications/preferences'));

/** PUT /notifications/preferences: a body keyed by kind, each kind's three channels; the answer is every kind's. */
export const savePreferences = async (rows: NotificationPreference[]) =>
  unwrap<NotificationPreference[]>(
    await http.put(
      '/notifications/preferences',
      Object.fromEntries(
        rows.map(({ kind, in_app, email, whatsapp }) => [kind, { in_app, email, whatsapp }]),
      ),
    ),
  );
