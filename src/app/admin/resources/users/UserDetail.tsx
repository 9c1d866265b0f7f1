import { useTranslate } from 'react-admin';
import { DetailDialog, InfoRow } from '../../components/DetailDialog';
import { PersonalInfo, PersonHeader } from '../../components/PersonDetail';
import type { DetailProps } from '../../components/ResourceList';
import { personName } from '../../components/personName';

export function UserDetail({ record, onClose }: DetailProps) {
  const translate = useTranslate();
  const name = personName(record);
  return (
    <DetailDialog title={translate('tm.users.detail_title')} onClose={onClose}>
      <PersonHeader record={record} name={name} />
      <InfoRow label={translate('tm.detail.role')}>{translate(`tm.roles.${record.role}`)}</InfoRow>
      <PersonalInfo record={record} name={name} />
    </DetailDialog>
  );
}
