import type { ApiModule } from '../module.js';
import { outboxRoutes } from './outbox-routes.js';
import { unsubscribeRoutes } from './unsubscribe-routes.js';

/** The delivery's routes (issue 29): the admins' outbox and the emails' one-click unsubscribe. */
const module: ApiModule = {
  admin: { '/notification-sends': outboxRoutes },
  api: { '/notifications/unsubscribe': unsubscribeRoutes },
};
export default module;
