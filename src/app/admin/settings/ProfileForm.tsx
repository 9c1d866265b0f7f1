import { Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify, useTranslate, type RaRecord } from 'react-admin';
import { saveAdminProfile, type SessionProfile } from '../../api/session';
import { changedFields } from '../providers/dataProvider';
import { useAdminDataProvider } from '../providers/dataProvider';

const FIELDS = ['full_name', 'username', 'email', 'phone'] as const;
type Profile = Record<(typeof FIELDS)[number], string>;

const profileOf = (record: RaRecord): Profile =>
  Object.fromEntries(FIELDS.map((field) => [field, String(record[field] ?? '')])) as Profile;

/** The admin's own profile (PUT /user/me with the changed fields only). */
export function ProfileForm({ record, onSaved }: { record: RaRecord; onSaved(record: RaRecord): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useAdminDataProvider();
  const [values, setValues] = useState(() => profileOf(record));
  const [saving, setSaving] = useState(false);
  const changes = changedFields(values, profileOf(record));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await dataProvider.updateMe(changes);
      saveAdminProfile(saved as SessionProfile);
      onSaved(saved);
      notify('tm.settings.saved', { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate sx={{ maxWidth: 480 }}>
      {FIELDS.map((field) => (
        <TextField
          key={field}
          label={translate(`tm.settings.${field}`)}
          type={field === 'email' ? 'email' : 'text'}
          required={field === 'full_name' || field === 'email'}
          value={values[field]}
          onChange={(event) => setValues({ ...values, [field]: event.target.value })}
          disabled={saving}
        />
      ))}
      <Button type="submit" variant="contained" disabled={saving || Object.keys(changes).length === 0}>
        {translate('ra.action.save')}
      </Button>
    </Stack>
  );
}
