/**
 * The screen each /admin/<segment> address opens with, as a loader of its chunk. The registry's lazy lists and
 * the dashboard load through these, and PanelEntry starts the current address's one beside the panel's own
 * chunk, so a list does not wait for the panel to arrive before its own download begins. This module is in
 * the main chunk: loaders only, nothing they load.
 */
export const firstScreens = {
  users: () => import('./resources/users/UserList'),
  mitra: () => import('./resources/mitra/MitraList'),
  petani: () => import('./resources/petani/PetaniList'),
  contract: () => import('./resources/contract/ContractList'),
  lahan: () => import('./resources/lahan/LahanList'),
  category: () => import('./resources/category/CategoryList'),
  location: () => import('./resources/location/LocationList'),
  downloads: () => import('./resources/downloads/DownloadList'),
  audit: () => import('./resources/audit/AuditList'),
  dashboard: () => import('./dashboard/Dashboard'),
  finance: () => import('./finance/FinancePage'),
};

/** Starts loading the first screen of the panel address `pathname` (e.g. /admin/petani), if it has one. */
export function preloadFirstScreen(pathname: string) {
  const segment = pathname.split('/')[2] || 'users';
  if (Object.hasOwn(firstScreens, segment))
    firstScreens[segment as keyof typeof firstScreens]().catch(() => undefined);
}
