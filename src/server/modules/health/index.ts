import type { ApiModule } from '../module.js';
import { healthRoutes } from './routes.js';

/** `GET /health`: whether the API can answer, database included (for load balancers and monitoring). */
const module: ApiModule = { api: { '/health': healthRoutes } };
export default module;
