import type { ApiModule } from '../module.js';
import { contractRoutes } from './routes.js';

/** Contracts between a petani and a mitra (`/contract`). */
const module: ApiModule = { api: { '/contract': contractRoutes } };
export default module;
