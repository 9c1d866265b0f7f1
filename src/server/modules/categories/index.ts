import type { ApiModule } from '../module.js';
import { categoryRoutes } from './routes.js';
import { CONTRACT_CATEGORY, LAND_CATEGORY } from './service.js';

/** Land categories (`/admin/category`) and contract categories (`/admin/contract-category`). */
const module: ApiModule = {
  admin: {
    '/category': categoryRoutes(LAND_CATEGORY, 'categories'),
    '/contract-category': categoryRoutes(CONTRACT_CATEGORY, 'contract categories'),
  },
};
export default module;
