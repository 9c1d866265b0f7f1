import type { ApiModule } from '../module.js';
import { authRoutes } from './routes.js';

/** Sign-in, sign-up, token refresh and sign-out under `/auth`. */
const module: ApiModule = { api: { '/auth': authRoutes } };
export default module;
