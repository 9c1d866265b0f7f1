import { useTranslate } from 'react-admin';
import { DetailDialog, InfoRow } from '../../components/DetailDialog';
import type { DetailProps } from '../../components/ResourceList';
import { formatDate } from '../../../../shared/format-id';

/** 'Location, Sub district, District, Province' when the API gives no full_address. */
const fullAddress = (record: DetailProps['record']) =>
  record.full_address ||
  [record.location_name, record.sub_district_name, record.district_name, record.province_name]
    .filter(Boolean)
    .join(', ');

export function LocationDetail({ record, onClose }: DetailProps) {
  const translate = useTranslate();
  return (
    <DetailDialog title={translate('tm.location.detail_title')} onClose={onClose}>
      <InfoRow label={translate('tm.location.id')}>{record.id}</InfoRow>
      <InfoRow label={translate('tm.location.location_name')}>{record.location_name}</InfoRow>
      <InfoRow label={translate('tm.location.sub_district')}>{record.sub_district_name}</InfoRow>
      <InfoRow label={translate('tm.location.district')}>{record.district_name}</InfoRow>
      <InfoRow label={translate('tm.location.province')}>{record.province_name}</InfoRow>
      <InfoRow label={translate('tm.location.full_address')}>{fullAddress(record)}</InfoRow>
      <InfoRow label={translate('tm.location.created')}>{formatDate(record.created_at, true)}</InfoRow>
      <InfoRow label={translate('tm.location.updated')}>{formatDate(record.updated_at, true)}</InfoRow>
    </DetailDialog>
  );
}
