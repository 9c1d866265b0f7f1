import { AdminContext, AdminUI, Authenticated, CustomRoutes, localStorageStore } from 'react-admin';
import { Route } from 'react-router-dom';
import { adminThemes } from '../theme/adminTheme';
import { firstScreens } from './firstScreens';
import { i18nProvider } from './i18n/i18nProvider';
import { AdminLayout } from './layout/AdminLayout';
import { LoginPage } from './login/LoginPage';
import { authProvider } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { resourceElements, resourcePaths } from './resources';
import { lazyScreen } from './resources/lazyScreen';

const dataProvider = createDataProvider(resourcePaths);
/** What `<Admin>` would give, without its default English i18n provider (the panel has its own). */
const store = localStorageStore();
/** Screens in their own chunks, like the resources' (resources/lazyScreen.tsx): the dashboard's charts, settings. */
const Dashboard = lazyScreen(firstScreens.dashboard, 'Dashboard');
const SettingsPage = lazyScreen(() => import('./settings/SettingsPage'), 'SettingsPage');

/** The admin panel, mounted by main.tsx at /admin/*. Without a dashboard prop, /admin opens the first tab (Users). */
export default function AdminApp() {
  return (
    <AdminContext
      basename="/admin"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      {...adminThemes}
    >
      <AdminUI
        disableTelemetry
        loginPage={LoginPage}
        layout={AdminLayout}
        title="TaniMitra Admin"
        requireAuth
      >
        {resourceElements}
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
  );
}
