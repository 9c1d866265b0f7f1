import {
  Create,
  Edit,
  email,
  FormDataConsumer,
  minLength,
  PasswordInput,
  required,
  SelectInput,
  TextInput,
  useTranslate,
} from 'react-admin';
import { PASSWORD_MIN } from '../../../shared/constants';
import { EditForm } from './EditForm';

type Role = 'petani' | 'mitra';

interface PersonFormProps {
  /** Fixed role (mitra/petani screens); without it the form has a role selector (users screen). */
  role?: Role;
  mode: 'create' | 'edit';
}

const MitraFields = () => (
  <>
    <TextInput source="company_name" />
    <TextInput source="company_address" multiline />
    <TextInput source="company_position" />
    <TextInput source="no_loa" />
  </>
);

/** The create/edit form of a user, mitra or petani: the fields of docs/API.md, a password when creating. */
export function PersonForm({ role, mode }: PersonFormProps) {
  const translate = useTranslate();
  return (
    <EditForm sx={{ maxWidth: 600 }} defaultValues={mode === 'create' && role ? { role } : undefined}>
      {!role && (
        <SelectInput
          source="role"
          validate={required()}
          choices={(['petani', 'mitra', 'admin'] as const).map((id) => ({
            id,
            name: translate(`tm.roles.${id}`),
          }))}
        />
      )}
      <TextInput source="full_name" validate={required()} />
      <TextInput source="username" />
      <TextInput source="email" type="email" validate={[required(), email()]} />
      <TextInput source="phone" />
      <TextInput source="nik" />
      <TextInput source="alamat" multiline />
      {role === 'mitra' && <MitraFields />}
      {!role && (
        <FormDataConsumer>
          {({ formData }) => (formData.role === 'mitra' ? <MitraFields /> : null)}
        </FormDataConsumer>
      )}
      {mode === 'create' && (
        <PasswordInput source="password" validate={[required(), minLength(PASSWORD_MIN)]} />
      )}
    </EditForm>
  );
}

export function PersonCreate({ role }: { role?: Role }) {
  return (
    <Create redirect="list">
      <PersonForm role={role} mode="create" />
    </Create>
  );
}

export function PersonEdit({ role }: { role?: Role }) {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <PersonForm role={role} mode="edit" />
    </Edit>
  );
}
