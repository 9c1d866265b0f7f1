import type { ApiModule } from '../module.js';
import { auditRoutes } from './routes.js';

/** The audit log of admin writes, for admins to read. */
const module: ApiModule = { admin: { '/audit': auditRoutes } };
export default module;
