import { useBasename, useLogin, useTranslate } from 'react-admin';
import { LoginForm } from './LoginForm';

/** /admin/login inside the panel (react-admin's `loginPage`), e.g. after signing out. */
export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const basename = useBasename();
  return <LoginForm login={login} text={(key) => translate(`tm.login.${key}`)} home={`${basename}/`} />;
}
