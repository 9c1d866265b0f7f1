import { Alert, Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { storeRefreshed, type SessionTokens } from '../../api/session';
import { useAdminDataProvider } from '../providers/dataProvider';

const EMPTY = { currentPassword: '', newPassword: '', confirm: '' };

/** PUT /user/me/password; the answer's fresh token pair replaces the admin's (the old ones are revoked). */
export function PasswordForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAdminDataProvider();
  const [values, setValues] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (values.newPassword !== values.confirm) {
      setError(translate('tm.settings.password_mismatch'));
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const tokens = (await dataProvider.changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      })) as SessionTokens | null;
      if (tokens?.token) storeRefreshed('admin', tokens);
      setValues(EMPTY);
      notify('tm.settings.password_changed', { type: 'success' });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSaving(false);
    }
  };

  const field = (name: keyof typeof EMPTY, label: string, autoComplete: string) => (
    <TextField
      label={translate(label)}
      type="password"
      required
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      disabled={saving}
    />
  );

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate sx={{ maxWidth: 480 }}>
      {field('currentPassword', 'tm.settings.current_password', 'current-password')}
      {field('newPassword', 'tm.settings.new_password', 'new-password')}
      {field('confirm', 'tm.settings.confirm_password', 'new-password')}
      {error && <Alert severity="error">{error}</Alert>}
      <Button
        type="submit"
        variant="contained"
        disabled={saving || !values.currentPassword || !values.newPassword || !values.confirm}
      >
        {translate('tm.settings.change_password')}
      </Button>
    </Stack>
  );
}
