import type { ApiModule } from '../module.js';
import {
  districtChoiceRoutes,
  districtRoutes,
  provinceChoiceRoutes,
  provinceRoutes,
  subDistrictRoutes,
} from './area-routes.js';
import { locationChoiceRoutes, locationRoutes } from './routes.js';

/** Locations (`/admin/location`) and the area hierarchy they sit in (`/admin/province`, …; `/province`,
 * `/district`, `/location` to read for any signed-in user). */
const module: ApiModule = {
  admin: {
    '/location': locationRoutes,
    '/province': provinceRoutes,
    '/district': districtRoutes,
    '/sub-district': subDistrictRoutes,
  },
  api: {
    '/province': provinceChoiceRoutes,
    '/district': districtChoiceRoutes,
    '/location': locationChoiceRoutes,
  },
};
export default module;
