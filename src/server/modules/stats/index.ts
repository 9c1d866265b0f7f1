import type { ApiModule } from '../module.js';
import { statsRoutes } from './routes.js';

/** The admin dashboard's figures (`/admin/stats`). */
const module: ApiModule = { admin: { '/stats': statsRoutes } };
export default module;
