import { QueryClient } from '@tanstack/react-query';

/**
 * The panel's react-query client: react-admin's default, except that its sign-in reads (`['auth', …]`: the stored
 * token and profile, authProvider) are not asked again by each screen that mounts. Every time they were, each
 * component watching them re-rendered, CoreAdminRoutes among them and with it the whole panel: on the first load
 * of /admin/lahan that re-render (150 ms and more on a busy machine) came between the map's mount and its first
 * plots. They are still read again when the window regains focus (another tab may have signed out), a 401 still
 * signs out, and signing out empties the cache.
 */
export function createPanelQueryClient(): QueryClient {
  const client = new QueryClient();
  client.setQueryDefaults(['auth'], { refetchOnMount: false });
  return client;
}
