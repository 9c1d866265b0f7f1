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
import { HttpError, useBasename, useLogin, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ADMIN_LOGIN_REDIRECT_DELAY_MS } from '../../../shared/constants';
import { validateLogin } from '../../../shared/validateLogin';

type Banner = { severity: 'error' | 'success'; text: string } | null;

/** /admin/login (docs/spec-notes.md §2 "Admin login"). */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const navigate = useNavigate();
  const basename = useBasename();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [loading, setLoading] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);
  const [signedIn, setSignedIn] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setTimeout(() => navigate(`${basename}/`), ADMIN_LOGIN_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn, navigate, basename]);

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
      setBanner({ severity: 'success', text: translate('tm.login.success') });
      setSignedIn(true);
    } catch (error) {
      if (error instanceof HttpError) {
        setBanner({ severity: 'error', text: error.message || translate('tm.login.failed') });
      } else {
        console.error(error);
        setBanner({ severity: 'error', text: translate('tm.login.exception') });
      }
    } finally {
      setLoading(false);
    }
  };

  const busy = loading || signedIn;
  /** What the two fields share: label, name, required, and the value bound to its state. */
  const field = (name: 'email' | 'password', value: string, setValue: (value: string) => void) => ({
    label: translate(`tm.login.${name}`),
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
                {translate('tm.login.title')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('tm.login.subtitle')}
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
                        aria-label={translate(
                          showPassword ? 'tm.login.hide_password' : 'tm.login.show_password',
                        )}
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
              {translate(loading ? 'tm.login.submitting' : 'tm.login.submit')}
            </Button>
            <Link href="/login" variant="body2" sx={{ textAlign: 'center' }}>
              {translate('tm.login.user_login')}
            </Link>
            <Box component="footer" sx={{ textAlign: 'center' }}>
              <Typography variant="caption" color="text.secondary" component="p">
                {translate('tm.login.restricted')}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {translate('tm.login.support')}
              </Typography>
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
