import type { ApiModule } from '../module.js';
import { adminDownloadRoutes, publicDownloadRoutes } from './routes.js';

/** App downloads: managed by admins, listed on the public download page. */
const module: ApiModule = {
  admin: { '/downloads': adminDownloadRoutes },
  api: { '/downloads': publicDownloadRoutes },
};
export default module;
