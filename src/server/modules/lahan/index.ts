import type { ApiModule } from '../module.js';
import { adminLahanRoutes } from './admin-routes.js';
import { lahanRoutes } from './routes.js';

/** Land plots (`/lahan`) and their admin edits and verification (`/admin/lahan`, `/admin/verify-lahan`). */
const module: ApiModule = {
  api: lahanRoutes,
  admin: adminLahanRoutes,
};
export default module;
