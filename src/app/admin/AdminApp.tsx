import { Admin, Authenticated, CustomRoutes } from 'react-admin';
import { Route } from 'react-router-dom';
import { adminThemes } from '../theme/adminTheme';
import { Dashboard } from './dashboard/Dashboard';
import { i18nProvider } from './i18n/i18nProvider';
import { AdminLayout } from './layout/AdminLayout';
import { LoginPage } from './login/LoginPage';
import { authProvider } from './providers/authProvider';
import { createDataProvider } from './providers/dataProvider';
import { resourceElements, resourcePaths } from './resources';
import { SettingsPage } from './settings/SettingsPage';

const dataProvider = createDataProvider(resourcePaths);

/** The admin panel, mounted by main.tsx at /admin/*. Without a dashboard prop, /admin opens the first tab (Users). */
export default function AdminApp() {
  return (
    <Admin
      basename="/admin"
      disableTelemetry
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={LoginPage}
      layout={AdminLayout}
      title="TaniMitra Admin"
      {...adminThemes}
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
    </Admin>
  );
}
