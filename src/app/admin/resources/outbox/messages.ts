import { outboxUi } from '../../../../shared/messages/notification-ui';

/** Texts of the outbox screen: `resources.outbox` (react-admin) and `tm.outbox` (the panel's own). */
export const messages = {
  resource: { name: outboxUi.name, fields: outboxUi.fields },
  tm: {
    title: outboxUi.title,
    empty: outboxUi.empty,
    channel: outboxUi.channel,
    status: outboxUi.status,
    resend: outboxUi.resend,
    resent: outboxUi.resent,
    resend_failed: outboxUi.resendFailed,
  },
};
