import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  InputAdornment,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { HttpError } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ADMIN_LOGIN_REDIRECT_DELAY_MS } from '../../../shared/constants';
import { validateLogin } from '../../../shared/validateLogin';
import type { loginMessages } from '../i18n/loginMessages';

type Banner = { severity: 'error' | 'success'; text: string } | null;

export interface LoginFormProps {
  /** Signs in; rejects with an HttpError to show the server's refusal. */
  login(credentials: { email: string; password: string }): Promise<unknown>;
  /** The text of a `tm.login` key. */
  text(key: keyof typeof loginMessages): string;
  /** Where the spec's delayed redirect goes once signed in: the panel's home. */
  home: string;
}

/**
 * /admin/login (docs/spec-notes.md §2 "Admin login"), without react-admin: the panel's login page (LoginPage)
 * and the one shown before the panel's chunk is loaded (StandaloneLogin) give it their sign-in and texts.
 */
export function LoginForm({ login, text, home }: LoginFormProps) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [loading, setLoading] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);
  const [signedIn, setSignedIn] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setTimeout(() => navigate(home), ADMIN_LOGIN_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn, navigate, home]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateLogin(email, password);
    if (invalid) {
      setBanner({ severity: 'error', text: invalid });
      return;
    }
    setBanner(null);
    setLoading(true);
    try {
      await login({ email: email.trim(), password });
      setBanner({ severity: 'success', text: text('success') });
      setSignedIn(true);
    } catch (error) {
      if (error instanceof HttpError) {
        setBanner({ severity: 'error', text: error.message || text('failed') });
      } else {
        console.error(error);
        setBanner({ severity: 'error', text: text('exception') });
      }
    } finally {
      setLoading(false);
    }
  };

  const busy = loading || signedIn;
  /** What the two fields share: label, name, required, and the value bound to its state. */
  const field = (name: 'email' | 'password', value: string, setValue: (value: string) => void) => ({
    label: text(name),
    name,
    required: true,
    value,
    disabled: busy,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.target.value),
  });
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, sm: 4 } }}>
          <Stack spacing={2}>
            <Box sx={{ textAlign: 'center' }}>
              <AdminPanelSettingsIcon color="primary" sx={{ fontSize: 48 }} />
              <Typography component="h1" variant="h5">
                {text('title')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {text('subtitle')}
              </Typography>
            </Box>
            {banner && (
              <Alert severity={banner.severity} onClose={() => setBanner(null)}>
                {banner.text}
              </Alert>
            )}
            <TextField {...field('email', email, setEmail)} type="email" autoComplete="email" />
            <TextField
              {...field('password', password, setPassword)}
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        aria-label={text(showPassword ? 'hide_password' : 'show_password')}
                        onClick={() => setShowPassword((shown) => !shown)}
                        edge="end"
                        disabled={busy}
                      >
                        {showPassword ? <VisibilityOff /> : <Visibility />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {text(loading ? 'submitting' : 'submit')}
            </Button>
            <Link href="/login" variant="body2" sx={{ textAlign: 'center' }}>
              {text('user_login')}
            </Link>
            <Box component="footer" sx={{ textAlign: 'center' }}>
              <Typography variant="caption" color="text.secondary" component="p">
                {text('restricted')}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {text('support')}
              </Typography>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
