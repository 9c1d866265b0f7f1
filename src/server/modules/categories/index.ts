import type { ApiModule } from '../module.js';
import { categoryChoiceRoutes, categoryRoutes } from './routes.js';
import { CONTRACT_CATEGORY, LAND_CATEGORY } from './service.js';

/** Land categories (`/admin/category`) and contract categories (`/admin/contract-category`); lists to read without `/admin`. */
const module: ApiModule = {
  admin: {
    '/category': categoryRoutes(LAND_CATEGORY, 'categories'),
    '/contract-category': categoryRoutes(CONTRACT_CATEGORY, 'contract categories'),
  },
  api: {
    '/category': categoryChoiceRoutes(LAND_CATEGORY, 'categories'),
    '/contract-category': categoryChoiceRoutes(CONTRACT_CATEGORY, 'contract categories'),
  },
};
export default module;
