import { useState } from 'react';
import {
  AdminContext,
  AdminUI,
  CustomRoutes,
  memoryStore,
  type AuthProvider,
  type DataProvider,
} from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import { Dashboard } from '../../../src/app/admin/dashboard/Dashboard';
import { FinancePage } from '../../../src/app/admin/finance/FinancePage';
import { i18nProvider, i18nProviderOf } from '../../../src/app/admin/i18n/i18nProvider';
import { AdminLayout } from '../../../src/app/admin/layout/AdminLayout';
import { LoginPage } from '../../../src/app/admin/login/LoginPage';
import {
  RegistryContext,
  resourceElements,
  resourceElementsOf,
  type Registry,
} from '../../../src/app/admin/resources';
import { SettingsPage } from '../../../src/app/admin/settings/SettingsPage';
import { adminThemes } from '../../../src/app/theme/adminTheme';
import { renderStyled } from '../styles';

export { listOf, testDataProvider } from './resources/support';

// The panel's screens load lazily (resources/lazyScreen.tsx). Importing them here, once per worker, keeps the
// first render of each from paying for its modules' transform inside a test's wait.
import.meta.glob('../../../src/app/admin/resources/*/*.tsx', { eager: true });

/** An auth provider that lets everyone in (or not) and records logins and logouts. */
export function testAuthProvider(overrides: Partial<AuthProvider> = {}) {
  return {
    login: vi.fn(async () => ({ redirectTo: false })),
    logout: vi.fn(async () => undefined),
    checkAuth: vi.fn(async () => undefined),
    checkError: vi.fn(async () => undefined),
    getIdentity: vi.fn(async () => ({ id: 1, fullName: 'Admin TaniMitra' })),
    getPermissions: vi.fn(async () => undefined),
    ...overrides,
  } satisfies AuthProvider;
}

interface Options {
  authProvider?: AuthProvider;
  /** Every CSS declaration of the screen, not only what shows an element (test/app/styles.tsx). */
  allStyles?: boolean;
  /** The panel's registry, as AdminApp's `resources` prop takes it (e.g. the registry plus a fixture). */
  resources?: Registry;
}

/**
 * The whole panel as AdminApp mounts it (layout, login, custom routes) and as main.tsx places it, under
 * /admin/* with basename /admin; `path` is inside the panel (e.g. '/users' is /admin/users).
 */
export function renderPanel(
  path: string,
  dataProvider: DataProvider,
  { allStyles, ...options }: Options = {},
) {
  return renderStyled(
    <MemoryRouter initialEntries={[`/admin${path}`]}>
      <Routes>
        <Route path="/admin/*" element={<Panel dataProvider={dataProvider} {...options} />} />
        <Route path="*" element={<p>Public site</p>} />
      </Routes>
    </MemoryRouter>,
    { allStyles },
  );
}

function Panel({
  dataProvider,
  authProvider,
  resources,
}: Omit<Options, 'allStyles'> & { dataProvider: DataProvider }) {
  const [store] = useState(memoryStore);
  const [given] = useState(
    () => resources && { i18n: i18nProviderOf(resources), elements: resourceElementsOf(resources) },
  );
  const panel = (
    <AdminContext
      basename="/admin"
      dataProvider={dataProvider}
      authProvider={authProvider ?? testAuthProvider()}
      i18nProvider={given?.i18n ?? i18nProvider}
      store={store}
      {...adminThemes}
    >
      <AdminUI layout={AdminLayout} loginPage={LoginPage} requireAuth>
        {given?.elements ?? resourceElements}
        <CustomRoutes>
          <Route path="/dashboard" element={<Dashboard />} />
          <Route path="/finance" element={<FinancePage />} />
          <Route path="/settings" element={<SettingsPage />} />
        </CustomRoutes>
      </AdminUI>
    </AdminContext>
  );
  return resources ? <RegistryContext.Provider value={resources}>{panel}</RegistryContext.Provider> : panel;
}
