import { Type, type Static } from 'typebox';
import { SEND_CHANNELS, SEND_STATUSES } from '../../db/schema.js';
import { listQueryProperties, listResponse, Nullable, okResponse, Timestamp } from '../../http/schemas.js';

const oneOf = <T extends string>(values: readonly T[], description: string) =>
  Type.Unsafe<T>(Type.String({ enum: [...values], description }));

export const OutboxSend = Type.Object({
  id: Type.Integer(),
  notification_id: Type.Integer(),
  kind: Type.String({ description: "The notification's kind" }),
  title: Type.String({ description: "The notification's one line" }),
  recipient_id: Type.Integer({ description: 'The person it goes to' }),
  recipient: Type.String({ description: "The person's full name" }),
  channel: oneOf(SEND_CHANNELS, 'email or whatsapp'),
  address: Type.String({ description: 'The email address or E.164 phone number, as queued' }),
  status: oneOf(
    SEND_STATUSES,
    'queued (waiting for a try), sending (a try under way), sent, failed (a later try is due), dead (no more tries)',
  ),
  tries: Type.Integer({ description: 'Tries so far (since the last resend)' }),
  last_error: Nullable(Type.String({ description: "The last failed try's error" })),
  next_at: Timestamp,
  sent_at: Nullable(Timestamp),
  created_at: Timestamp,
});

export const OutboxQuery = Type.Object(
  {
    page: listQueryProperties.page,
    limit: listQueryProperties.limit,
    order: listQueryProperties.order,
    sort: Type.Optional(Type.Literal('created_at')),
    status: Type.Optional(oneOf(SEND_STATUSES, 'Only the sends in this status')),
    channel: Type.Optional(oneOf(SEND_CHANNELS, 'Only the sends on this channel')),
  },
  { additionalProperties: false },
);
export type OutboxQuery = Static<typeof OutboxQuery>;

export const OutboxList = listResponse(OutboxSend);
export const OutboxSendResponse = okResponse(OutboxSend);
