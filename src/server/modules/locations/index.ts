import type { ApiModule } from '../module.js';
import { districtRoutes, provinceChoiceRoutes, provinceRoutes, subDistrictRoutes } from './area-routes.js';
import { locationRoutes } from './routes.js';

/** Locations (`/admin/location`) and the area hierarchy they sit in (`/admin/province`, …; `/province` to read). */
const module: ApiModule = {
  admin: {
    '/location': locationRoutes,
    '/province': provinceRoutes,
    '/district': districtRoutes,
    '/sub-district': subDistrictRoutes,
  },
  api: { '/province': provinceChoiceRoutes },
};
export default module;
