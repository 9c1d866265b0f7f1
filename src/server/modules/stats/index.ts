import type { ApiModule } from '../module.js';
import { statsRoutes } from './routes.js';

/** The admin dashboard's figures (`/admin/stats`). */
const module: ApiModule = { admin: statsRoutes };
export default module;
