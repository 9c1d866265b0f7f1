import type { ApiModule } from '../module.js';
import { areaRoutes } from './area-routes.js';
import { locationRoutes } from './routes.js';

/** Locations (`/admin/location`) and the area hierarchy they sit in (`/admin/province`, …). */
const module: ApiModule = {
  admin: async (admin) => {
    await admin.register(locationRoutes);
    await admin.register(areaRoutes);
  },
};
export default module;
