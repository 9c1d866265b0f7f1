import { useMemo, useState } from 'react';
import {
  AdminContext,
  AdminUI,
  Authenticated,
  CustomRoutes,
  localStorageStore,
  type DataProvider,
} from 'react-admin';
import { Route } from 'react-router-dom';
import { adminThemes } from '../theme/adminTheme';
import { firstScreens } from './firstScreens';
import { i18nProvider, i18nProviderOf } from './i18n/i18nProvider';
import { AdminLayout } from './layout/AdminLayout';
import { LoginPage } from './login/LoginPage';
import { authProvider } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { createPanelQueryClient } from './providers/queryClient';
import {
  RegistryContext,
  resourceElementsOf,
  resourcePathsOf,
  resources as registry,
  type Registry,
} from './resources';
import { lazyScreen } from './resources/lazyScreen';

/** What `<Admin>` would give, without its default English i18n provider (the panel has its own). */
const store = localStorageStore();
/** Screens in their own chunks, like the resources' (resources/lazyScreen.tsx): the dashboard's charts, settings. */
const Dashboard = lazyScreen(firstScreens.dashboard, 'Dashboard');
const SettingsPage = lazyScreen(() => import('./settings/SettingsPage'), 'SettingsPage');
const FinancePage = lazyScreen(firstScreens.finance, 'FinancePage');

/**
 * The admin panel, mounted by main.tsx at /admin/*. Without a dashboard prop, /admin opens the first tab (Users).
 * `resources`: its registry (resources/registry.ts unless given; a test passes the registry plus a fixture).
 * `dataProvider`: the one over the registry's paths unless given.
 */
export default function AdminApp({
  resources = registry,
  dataProvider: given,
}: {
  resources?: Registry;
  dataProvider?: DataProvider;
}) {
  // One per panel mounted, as react-admin's own default.
  const [queryClient] = useState(createPanelQueryClient);
  const panel = useMemo(
    () => ({
      dataProvider: given ?? createDataProvider(resourcePathsOf(resources)),
      i18nProvider: resources === registry ? i18nProvider : i18nProviderOf(resources),
      elements: resourceElementsOf(resources),
    }),
    [resources, given],
  );
  return (
    <RegistryContext.Provider value={resources}>
      <AdminContext
        basename="/admin"
        dataProvider={panel.dataProvider}
        authProvider={authProvider}
        i18nProvider={panel.i18nProvider}
        store={store}
        queryClient={queryClient}
        {...adminThemes}
      >
        <AdminUI
          disableTelemetry
          loginPage={LoginPage}
          layout={AdminLayout}
          title="TaniMitra Admin"
          requireAuth
        >
          {panel.elements}
          <CustomRoutes>
            <Route
              path="/dashboard"
              element={
                <Authenticated>
                  <Dashboard />
                </Authenticated>
              }
            />
            <Route
              path="/finance"
              element={
                <Authenticated>
                  <FinancePage />
                </Authenticated>
              }
            />
            <Route
              path="/settings"
              element={
                <Authenticated>
                  <SettingsPage />
                </Authenticated>
              }
            />
          </CustomRoutes>
        </AdminUI>
      </AdminContext>
    </RegistryContext.Provider>
  );
}
