import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useTranslate, type RaRecord } from 'react-admin';
import { useAdminDataProvider } from '../providers/dataProvider';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

type MeState = { record: RaRecord } | { error: string } | null;

/** /admin/settings: the signed-in admin's own profile and password. */
export function SettingsPage() {
  const translate = useTranslate();
  const dataProvider = useAdminDataProvider();
  const [state, setState] = useState<MeState>(null);
  useEffect(() => {
    let cancelled = false;
    dataProvider.getMe().then(
      (record) => !cancelled && setState({ record }),
      (error: Error) => !cancelled && setState({ error: error.message }),
    );
    return () => {
      cancelled = true;
    };
  }, [dataProvider]);

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title={translate('tm.settings.title')} />
      <Card component="section" aria-labelledby="settings-profile">
        <CardContent>
          <Typography id="settings-profile" variant="h6" component="h2" gutterBottom>
            {translate('tm.settings.profile')}
          </Typography>
          {!state && <Typography>{translate('ra.page.loading')}</Typography>}
          {state && 'error' in state && (
            <Alert severity="error">{translate('tm.settings.error', { message: state.error })}</Alert>
          )}
          {state && 'record' in state && (
            <ProfileForm
              key={String(state.record.updated_at)}
              record={state.record}
              onSaved={(record) => setState({ record })}
            />
          )}
        </CardContent>
      </Card>
      <Card component="section" aria-labelledby="settings-password">
        <CardContent>
          <Typography id="settings-password" variant="h6" component="h2" gutterBottom>
            {translate('tm.settings.password')}
          </Typography>
          <PasswordForm />
        </CardContent>
      </Card>
    </Box>
  );
}
