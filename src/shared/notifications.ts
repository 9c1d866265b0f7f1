/*
 * Notifications (issue 29): the kinds, the channels, which kinds wait for the person (a step that is theirs to
 * take: never silenced in the app, only by email or WhatsApp), and where each leads. The server writes them
 * (modules/notifications), the apps show them and their preferences.
 */

export const NOTIFICATION_KINDS = [
  'contract.offer',
  'contract.counter',
  'contract.revise',
  'contract.edit',
  'contract.sign',
  'contract.approve',
  'contract.start',
  'contract.delivery',
  'contract.delivery_confirmed',
  'contract.complete',
  'contract.reject',
  'contract.cancel',
  'contract.advance',
  'contract.advance_confirmed',
  'contract.payment',
  'contract.payment_confirmed',
  'contract.dispute',
  'contract.resolve',
  'contract.overdue',
  'person.verification',
  'lahan.verification',
  'registration.new',
  'lahan.new',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'whatsapp'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Kinds that tell the person it is their turn to act: the in-app channel cannot be turned off for them. */
export const REQUIRED_KINDS: readonly NotificationKind[] = [
  'contract.offer',
  'contract.counter',
  'contract.revise',
  'contract.edit',
  'contract.sign',
  'contract.delivery',
  'contract.advance',
  'contract.payment',
  'registration.new',
  'lahan.new',
];

export const isNotificationKind = (kind: unknown): kind is NotificationKind =>
  typeof kind === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(kind);

export const isRequiredKind = (kind: NotificationKind): boolean => REQUIRED_KINDS.includes(kind);

/** Where a notification leads: the app paths a person opens to act. */
export const NOTIFICATION_LINKS = {
  /** A party's contract page in /akun. */
  accountContract: (contractId: number) => `/akun/kontrak/${contractId}`,
  /** A person's own account (their verification, their lahan). */
  account: () => '/akun',
  /** A person in the panel, by role (the panel's resources are named after the roles). */
  adminPerson: (role: 'petani' | 'mitra', userId: number) => `/admin/${role}/${userId}`,
  /** A lahan in the panel, where an admin verifies it. */
  adminLahan: (lahanId: number) => `/admin/lahan/${lahanId}`,
  /** The panel's contracts, where an admin opens one and resolves its disputed deliveries. */
  adminContracts: () => '/admin/contract',
} as const;
