import type { ApiModule } from '../module.js';
import { verifyRoutes } from './routes.js';

/** `GET /verify/{code}`: anyone checks that a contract document is authentic, without seeing its content. */
const module: ApiModule = { api: { '/verify': verifyRoutes } };
export default module;
