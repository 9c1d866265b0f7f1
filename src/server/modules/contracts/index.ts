import type { ApiModule } from '../module.js';
import { deliveryRoutes } from './delivery-routes.js';
import { contractPdfRoutes } from './pdf-routes.js';
import { contractRoutes } from './routes.js';

/** Contracts between a petani and a mitra (`/contract`), their PDF and their deliveries. */
const module: ApiModule = {
  api: {
    '/contract': contractRoutes,
    '/contract/:id/pdf': contractPdfRoutes,
    '/contract/:id/deliveries': deliveryRoutes,
  },
};
export default module;
