import type { ApiModule } from '../module.js';
import { districtRoutes, provinceRoutes, subDistrictRoutes } from './area-routes.js';
import { locationRoutes } from './routes.js';

/** Locations (`/admin/location`) and the area hierarchy they sit in (`/admin/province`, …). */
const module: ApiModule = {
  admin: {
    '/location': locationRoutes,
    '/province': provinceRoutes,
    '/district': districtRoutes,
    '/sub-district': subDistrictRoutes,
  },
};
export default module;
