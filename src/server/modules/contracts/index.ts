import type { ApiModule } from '../module.js';
import { contractRoutes } from './routes.js';

/** Contracts between a petani and a mitra (`/contract`). */
const module: ApiModule = { api: contractRoutes };
export default module;
