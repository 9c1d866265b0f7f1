import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * react-admin's `<Admin>` keeps its default login screen as the `loginPage` fallback, and that screen's form
 * brings react-hook-form into the panel's first chunk (about 24 KB gzip) although the panel passes its own
 * login page (admin/login/LoginPage.tsx). The default screen's form is replaced by an empty component here,
 * so react-hook-form loads with the first screen that has a form or a filter. `npm run bench:site` checks
 * the admin's first load against its target.
 */
function withoutDefaultLoginForm(): Plugin {
  const stub = '\0tanimitra:default-login-form';
  return {
    name: 'tanimitra:without-default-login-form',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === './LoginForm.js' &&
        importer?.replaceAll('\\', '/').endsWith('ra-ui-materialui/dist/auth/Login.js')
      )
        return stub;
    },
    load(id) {
      if (id === stub) return 'export const LoginForm = () => null;';
    },
  };
}

export default defineConfig({
  plugins: [withoutDefaultLoginForm(), react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
