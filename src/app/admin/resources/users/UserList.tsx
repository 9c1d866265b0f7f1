import { FunctionField, SelectInput, TextField, useTranslate, type RaRecord } from 'react-admin';
import { DateText } from '../../components/DateText';
import { NameField } from '../../components/NameField';
import { ResourceList } from '../../components/ResourceList';
import { VerifiedField } from '../../components/VerificationBadge';
import { verificationFilter } from '../../components/verificationFilter';
import { UserDetail } from './UserDetail';

export function UserList() {
  const translate = useTranslate();
  return (
    <ResourceList
      resource="users"
      detail={UserDetail}
      filters={[
        <SelectInput
          key="role"
          source="role"
          label={translate('tm.list.role')}
          choices={(['admin', 'petani', 'mitra'] as const).map((id) => ({
            id,
            name: translate(`tm.roles.${id}`),
          }))}
        />,
        verificationFilter(translate),
      ]}
    >
      <NameField label="resources.users.fields.full_name" />
      <TextField source="email" />
      <FunctionField<RaRecord> source="role" render={(record) => translate(`tm.roles.${record.role}`)} />
      <VerifiedField source="status_verifikasi" sortable={false} />
      <DateText source="created_at" />
    </ResourceList>
  );
}
