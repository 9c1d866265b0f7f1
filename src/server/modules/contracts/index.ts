import type { ApiModule } from '../module.js';
import { contractPdfRoutes } from './pdf-routes.js';
import { contractRoutes } from './routes.js';

/** Contracts between a petani and a mitra (`/contract`) and their PDF. */
const module: ApiModule = {
  api: {
    '/contract': contractRoutes,
    '/contract/:id/pdf': contractPdfRoutes,
  },
};
export default module;
