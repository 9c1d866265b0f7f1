import { Type, type Static } from 'typebox';
import { ADMIN_PAGE_SIZE, MAX_PAGE_SIZE } from '../../../shared/constants.js';
import { notifications as T } from '../../../shared/messages/notifications.js';
import {
  isRequiredKind,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from '../../../shared/notifications.js';
import { field, Invalid } from '../../http/field-rules.js';
import { form } from '../../http/forms.js';
import { listQueryProperties, listResponse, Nullable, okResponse, Timestamp } from '../../http/schemas.js';

/** A notification's id: a bigint row id, within what JSON numbers hold exactly. */
export const NotificationParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
});

export const Notification = Type.Object({
  id: Type.Integer(),
  kind: Type.String({ description: 'One of the kinds of `GET /notifications/preferences`' }),
  title: Type.String({ description: 'One line in Indonesian' }),
  link: Type.String({ description: 'The app path where the person acts on it' }),
  contract_id: Nullable(Type.Integer()),
  created_at: Timestamp,
  read_at: Nullable(Timestamp),
});

export const NotificationListQuery = Type.Object(
  {
    page: listQueryProperties.page,
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_PAGE_SIZE,
        description: `Page size, ${ADMIN_PAGE_SIZE} if not given`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type NotificationListQuery = Static<typeof NotificationListQuery>;

export const NotificationList = Type.Object({
  ...listResponse(Notification).properties,
  unread: Type.Integer({
    description:
      "How many of the caller's notifications are unread, counted up to 1001 (1001: more than 1000)",
  }),
});

export const ReadAll = okResponse(
  Type.Object({
    read: Type.Integer({ description: 'How many were unread' }),
    unread: Type.Literal(0),
  }),
);

const Kind = Type.Unsafe<NotificationKind>(
  Type.String({ enum: [...NOTIFICATION_KINDS], description: 'The notification kind' }),
);
const channels = {
  in_app: Type.Boolean({ description: 'In the app (bell, list, live stream)' }),
  email: Type.Boolean(),
  whatsapp: Type.Boolean(),
};

export const Preference = Type.Object({
  kind: Kind,
  ...channels,
  required: Type.Boolean({ description: 'The kind waits for the person: in_app cannot be turned off' }),
});
export const Preferences = okResponse(Type.Array(Preference));

/** A kind's channels as sent: each one given is set, one left out keeps its choice. */
export type ChannelChoice = Partial<Record<NotificationChannel, boolean>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One kind's choice: an object of the channels, booleans, in_app never false for a kind that waits for the person. */
const choice = (kind: NotificationKind) =>
  field(
    Type.Object(
      {
        in_app: Type.Optional(channels.in_app),
        email: Type.Optional(channels.email),
        whatsapp: Type.Optional(channels.whatsapp),
      },
      { additionalProperties: false, description: T.kindLabels[kind] },
    ),
    (value): ChannelChoice => {
      if (!isRecord(value)) throw new Invalid(T.choiceInvalid);
      const unknown = Object.keys(value).find(
        (key) => !(NOTIFICATION_CHANNELS as readonly string[]).includes(key),
      );
      if (unknown !== undefined) throw new Invalid(T.channelUnknown(unknown));
      if (Object.values(value).some((on) => typeof on !== 'boolean')) throw new Invalid(T.choiceInvalid);
      if (value.in_app === false && isRequiredKind(kind))
        throw new Invalid(T.requiredInApp(T.kindLabels[kind]));
      return value as ChannelChoice;
    },
  );

/** `PUT /notifications/preferences`: the kinds to change, each with the channels to set. */
export const PreferencesBody = form(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, choice(kind)])) as Record<
    NotificationKind,
    ReturnType<typeof choice>
  >,
  {
    summary: T.preferencesInvalid,
    description:
      'Keyed by kind: `{ "contract.start": { "in_app": false, "email": true } }`; a kind or channel not sent keeps its choice',
  },
);
export type PreferencesBody = Static<typeof PreferencesBody>;
