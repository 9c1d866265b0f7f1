import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import { useAdminQuery } from '../providers/useAdminQuery';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

const ME = ['getMe'];

/** /admin/settings: the signed-in admin's own profile and password. */
export function SettingsPage() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { data: record, error } = useAdminQuery(ME, (dataProvider) => dataProvider.getMe());

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title={translate('tm.settings.title')} />
      <Card component="section" aria-labelledby="settings-profile">
        <CardContent>
          <Typography id="settings-profile" variant="h6" component="h2" gutterBottom>
            {translate('tm.settings.profile')}
          </Typography>
          {error && (
            <Alert severity="error">{translate('tm.settings.error', { message: error.message })}</Alert>
          )}
          {!error && !record && <Typography>{translate('ra.page.loading')}</Typography>}
          {record && (
            <ProfileForm
              key={String(record.updated_at)}
              record={record}
              onSaved={(saved) => queryClient.setQueryData(ME, saved)}
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
