import type { ApiModule } from '../module.js';
import { categoryRoutes } from './routes.js';
import { CONTRACT_CATEGORY, LAND_CATEGORY } from './service.js';

/** Land categories (`/admin/category`) and contract categories (`/admin/contract-category`). */
const module: ApiModule = {
  admin: async (admin) => {
    await admin.register(categoryRoutes(LAND_CATEGORY, 'categories'), { prefix: '/category' });
    await admin.register(categoryRoutes(CONTRACT_CATEGORY, 'contract categories'), {
      prefix: '/contract-category',
    });
  },
};
export default module;
