import { Stack } from '@mui/material';
import { useState } from 'react';
import { Form, HttpError, PasswordInput, required, SaveButton, useNotify } from 'react-admin';
import { storeRefreshed, type SessionTokens } from '../../api/session';
import { useAdminDataProvider } from '../providers/dataProvider';

const EMPTY = { currentPassword: '', newPassword: '', confirm: '' };
type Passwords = typeof EMPTY;

const sameAsNew = (value: string, values: Passwords) =>
  value === values.newPassword ? undefined : 'tm.settings.password_mismatch';

/**
 * PUT /user/me/password, in a react-admin form (the confirmation checked before sending); the answer's fresh
 * token pair replaces the admin's (the old ones are revoked), and the form starts empty again.
 */
export function PasswordForm() {
  const notify = useNotify();
  const dataProvider = useAdminDataProvider();
  // A new form after each change: the three fields empty and untouched.
  const [changes, setChanges] = useState(0);

  const save = async (values: Record<string, unknown>) => {
    const { currentPassword, newPassword } = values as Passwords;
    try {
      const tokens = (await dataProvider.changePassword({
        currentPassword,
        newPassword,
      })) as SessionTokens | null;
      if (tokens?.token) storeRefreshed('admin', tokens);
      setChanges((n) => n + 1);
      notify('tm.settings.password_changed', { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
      return error instanceof HttpError ? error.body?.errors : undefined;
    }
  };

  const field = (source: keyof Passwords, label: string, autoComplete: string) => (
    <PasswordInput
      source={source}
      label={label}
      autoComplete={autoComplete}
      validate={source === 'confirm' ? [required(), sameAsNew] : required()}
      helperText={false}
    />
  );

  return (
    <Form key={changes} defaultValues={EMPTY} onSubmit={save} noValidate>
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        {field('currentPassword', 'tm.settings.current_password', 'current-password')}
        {field('newPassword', 'tm.settings.new_password', 'new-password')}
        {field('confirm', 'tm.settings.confirm_password', 'new-password')}
        <SaveButton label="tm.settings.change_password" />
      </Stack>
    </Form>
  );
}
