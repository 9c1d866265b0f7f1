import type { ApiModule } from '../module.js';
import { mapRoutes } from './routes.js';

/** `GET /map/config`: the base map's tile layers for the browser (public: it holds no one's data). */
const module: ApiModule = { api: { '/map': mapRoutes } };
export default module;
