import type { ApiModule } from '../module.js';
import { documentRoutes } from './routes.js';

/** `GET /documents/{id}`: personal documents, for their owner and admins only. */
const module: ApiModule = { api: { '/documents': documentRoutes } };
export default module;
