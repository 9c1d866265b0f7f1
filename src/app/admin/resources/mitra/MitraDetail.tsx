import { useTranslate } from 'react-admin';
import { DetailDialog, InfoRow } from '../../components/DetailDialog';
import { DocumentFileButton } from '../../components/DocumentFileButton';
import { DetailSection, PersonalInfo, PersonHeader } from '../../components/PersonDetail';
import { PersonDocuments } from '../../components/PersonDocuments';
import type { DetailProps } from '../../components/ResourceList';
import { personName } from '../../components/personName';

export function MitraDetail({ record, onClose }: DetailProps) {
  const translate = useTranslate();
  const name = personName(record, 'fullname_mitra');
  return (
    <DetailDialog title={translate('tm.mitra.detail_title')} onClose={onClose}>
      <PersonHeader record={record} name={name} />
      <PersonalInfo record={record} name={name} />
      <DetailSection title={translate('tm.detail.company')}>
        <InfoRow label={translate('tm.detail.company_name')}>{record.company_name}</InfoRow>
        <InfoRow label={translate('tm.detail.company_address')}>{record.company_address}</InfoRow>
        <InfoRow label={translate('tm.detail.company_position')}>{record.company_position}</InfoRow>
        <InfoRow label={translate('tm.detail.no_loa')}>{record.no_loa}</InfoRow>
        <InfoRow label={translate('tm.detail.loa_file')}>
          <DocumentFileButton url={record.loa_file} label={translate('tm.document.open_loa')} />
        </InfoRow>
      </DetailSection>
      <PersonDocuments record={record} />
    </DetailDialog>
  );
}
