import { Stack } from '@mui/material';
import { useMemo } from 'react';
import { Form, HttpError, required, SaveButton, TextInput, useNotify, type RaRecord } from 'react-admin';
import { saveAdminProfile, type SessionProfile } from '../../api/session';
import { changedFields, useAdminDataProvider } from '../providers/dataProvider';

const FIELDS = ['full_name', 'username', 'email', 'phone'] as const;
type Profile = Record<(typeof FIELDS)[number], string>;
const REQUIRED: readonly string[] = ['full_name', 'email'];

const profileOf = (record: RaRecord): Profile =>
  Object.fromEntries(FIELDS.map((field) => [field, String(record[field] ?? '')])) as Profile;

/**
 * The admin's own profile (PUT /user/me with the changed fields only): a react-admin form, so Save waits for
 * a change and the API's field errors land under the fields.
 */
export function ProfileForm({ record, onSaved }: { record: RaRecord; onSaved(record: RaRecord): void }) {
  const notify = useNotify();
  const dataProvider = useAdminDataProvider();
  const initial = useMemo(() => profileOf(record), [record]);

  const save = async (values: Record<string, unknown>) => {
    try {
      const saved = await dataProvider.updateMe(changedFields(values, initial));
      saveAdminProfile(saved as SessionProfile);
      onSaved(saved);
      notify('tm.settings.saved', { type: 'success' });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
      return error instanceof HttpError ? error.body?.errors : undefined;
    }
  };

  return (
    <Form record={initial} onSubmit={save} noValidate>
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        {FIELDS.map((field) => (
          <TextInput
            key={field}
            source={field}
            label={`tm.settings.${field}`}
            type={field === 'email' ? 'email' : 'text'}
            validate={REQUIRED.includes(field) ? required() : undefined}
            helperText={false}
          />
        ))}
        <SaveButton />
      </Stack>
    </Form>
  );
}
