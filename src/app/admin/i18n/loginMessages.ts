import { MESSAGES } from '../../../shared/messages';

/**
 * `tm.login`: the admin login's texts, in a module of their own so that the login screen shown before the panel
 * (login/StandaloneLogin.tsx) reads them without the panel's whole catalogue.
 */
export const loginMessages = {
  title: 'Admin Portal',
  subtitle: 'Masuk ke panel admin sistem',
  email: 'Email',
  password: 'Password',
  submit: 'Masuk sebagai Admin',
  submitting: 'Memproses...',
  show_password: 'Tampilkan password',
  hide_password: 'Sembunyikan password',
  required: MESSAGES.loginRequired,
  invalid_email: MESSAGES.invalidEmail,
  failed: MESSAGES.loginFailed,
  exception: MESSAGES.loginException,
  success: MESSAGES.adminLoginSuccess,
  user_login: 'Bukan admin? Masuk sebagai pengguna',
  restricted: 'Akses terbatas hanya untuk administrator sistem.',
  support: 'Mengalami kendala saat masuk? Hubungi tim IT support.',
};
