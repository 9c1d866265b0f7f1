import type { ApiModule } from '../module.js';
import { traceRoutes } from './routes.js';

/** `GET /trace/{lot}`: anyone traces a delivered lot to its commodity, grade, region and contract code. */
const module: ApiModule = { api: { '/trace': traceRoutes } };
export default module;
