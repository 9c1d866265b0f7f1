import type { ApiModule } from '../module.js';
import { meRoutes } from './routes.js';

/** Self-service under `/user/me`: the signed-in user's own account, data export and documents. */
const module: ApiModule = { api: { '/user/me': meRoutes } };
export default module;
