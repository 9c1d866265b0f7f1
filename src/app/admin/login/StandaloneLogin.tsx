import { createTheme, CssBaseline, ThemeProvider } from '@mui/material';
import { adminLightTheme } from '../../theme/adminTheme';
import { preloadFirstScreen } from '../firstScreens';
import { AfterLoading } from '../PanelEntry';
import { loginMessages } from '../i18n/loginMessages';
import { LoginForm } from './LoginForm';

/**
 * /admin/login when signed out, as PanelEntry shows it: the login form in a chunk of its own (MUI, no
 * react-admin), so the form paints without waiting for the panel. The HTTP client loads on submit; the panel's
 * chunk and its home screen when the admin is signed in, during the spec's delay before the redirect.
 */
async function login(credentials: { email: string; password: string }) {
  const { authProvider } = await import('../providers/authProvider');
  await authProvider.login(credentials);
  import('../AdminApp').catch(() => undefined);
  preloadFirstScreen('/admin/');
}

/** The panel's light theme, as react-admin makes it from the same options. */
const theme = createTheme(adminLightTheme);

export default function StandaloneLogin() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <AfterLoading>
        <LoginForm login={login} text={(key) => loginMessages[key]} home="/admin/" />
      </AfterLoading>
    </ThemeProvider>
  );
}
