import { useTranslate } from 'react-admin';
import { DetailDialog } from '../../components/DetailDialog';
import { PersonalInfo, PersonHeader } from '../../components/PersonDetail';
import { PersonDocuments } from '../../components/PersonDocuments';
import type { DetailProps } from '../../components/ResourceList';
import { personName } from '../../components/personName';
import { PetaniLahan } from './PetaniLahan';

/** 'Detail Informasi Petani': header with badge, personal info, documents, the farmer's lahan. */
export function PetaniDetail({ record, onClose }: DetailProps) {
  const translate = useTranslate();
  const name = personName(record, 'fullname_petani');
  return (
    <DetailDialog title={translate('tm.petani.detail_title')} onClose={onClose}>
      <PersonHeader record={record} name={name} />
      <PersonalInfo record={record} name={name} />
      <PersonDocuments record={record} />
      <PetaniLahan petaniId={Number(record.user_id ?? record.id)} />
    </DetailDialog>
  );
}
