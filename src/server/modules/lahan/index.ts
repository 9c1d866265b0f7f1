import type { ApiModule } from '../module.js';
import { adminLahanRoutes, verifyLahanRoutes } from './admin-routes.js';
import { lahanPhotoRoutes } from './photo-routes.js';
import { lahanRoutes } from './routes.js';

/** Land plots (`/lahan`) and their admin edits and verification (`/admin/lahan`, `/admin/verify-lahan`). */
const module: ApiModule = {
  api: { '/lahan': lahanRoutes, '/lahan/:id/photos': lahanPhotoRoutes },
  admin: { '/lahan': adminLahanRoutes, '/verify-lahan': verifyLahanRoutes },
};
export default module;
