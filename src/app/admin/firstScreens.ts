import { remembered } from './remembered';
import { loadLahanMapView, mapChosen } from './resources/lahan/mapViewLoader';

/**
 * The screen each /admin/<segment> address opens with, as a loader of its chunk. The registry's lazy lists and
 * the dashboard load through these, and PanelEntry starts the current address's one beside the panel's own
 * chunk, so a list does not wait for the panel to arrive before its own download begins; a screen whose chunk
 * has arrived by then is drawn at once (remembered.ts). This module is in the main chunk: loaders only, nothing
 * they load.
 */
export const firstScreens = {
  users: remembered(() => import('./resources/users/UserList')),
  mitra: remembered(() => import('./resources/mitra/MitraList')),
  petani: remembered(() => import('./resources/petani/PetaniList')),
  contract: remembered(() => import('./resources/contract/ContractList')),
  lahan: remembered(() => import('./resources/lahan/LahanList')),
  category: remembered(() => import('./resources/category/CategoryList')),
  location: remembered(() => import('./resources/location/LocationList')),
  downloads: remembered(() => import('./resources/downloads/DownloadList')),
  audit: remembered(() => import('./resources/audit/AuditList')),
  dashboard: remembered(() => import('./dashboard/Dashboard')),
  finance: remembered(() => import('./finance/FinancePage')),
};

/**
 * Starts loading the first screen of the panel address `pathname` (e.g. /admin/petani), if it has one; the lahan
 * tab's map too when the tab will open on it (the admin chose the map last time).
 */
export function preloadFirstScreen(pathname: string) {
  const [, , first, below] = pathname.split('/');
  const segment = first || 'users';
  if (Object.hasOwn(firstScreens, segment))
    firstScreens[segment as keyof typeof firstScreens]().catch(() => undefined);
  if (segment === 'lahan' && !below && mapChosen()) loadLahanMapView().catch(() => undefined);
}
