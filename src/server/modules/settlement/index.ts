import type { ApiModule } from '../module.js';
import { advanceRoutes, paymentRoutes, settlementRoutes } from './routes.js';

/** A contract's money (issue 31): advances, payments, the settlement and its signed statement. */
const module: ApiModule = {
  api: {
    '/contract/:id/advances': advanceRoutes,
    '/contract/:id/payments': paymentRoutes,
    '/contract/:id/settlement': settlementRoutes,
  },
};
export default module;
