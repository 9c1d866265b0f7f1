import type { ApiModule } from '../module.js';
import { notificationRoutes } from './routes.js';
import { HEARTBEAT_MS } from './stream.js';

/** The module with its stream's heartbeat every `heartbeatMs` (tests shorten it). */
export const notificationsModule = (heartbeatMs = HEARTBEAT_MS): ApiModule => ({
  api: { '/notifications': notificationRoutes({ heartbeatMs }) },
});

/** Each person's notifications, their preferences and the live stream (`/notifications`; issue 29). */
const module: ApiModule = notificationsModule();
export default module;
