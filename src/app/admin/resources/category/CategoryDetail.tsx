import { useTranslate } from 'react-admin';
import { DetailDialog, InfoRow } from '../../components/DetailDialog';
import { formatDateId } from '../../components/formatDate';
import type { DetailProps } from '../../components/ResourceList';

export function CategoryDetail({ record, onClose }: DetailProps) {
  const translate = useTranslate();
  return (
    <DetailDialog title={translate('tm.category.detail_title')} onClose={onClose}>
      <InfoRow label={translate('tm.category.id')}>{record.id}</InfoRow>
      <InfoRow label={translate('tm.category.name')}>{record.type_name}</InfoRow>
      <InfoRow label={translate('tm.category.description')}>{record.description}</InfoRow>
      <InfoRow label={translate('tm.category.created')}>{formatDateId(record.created_at, true)}</InfoRow>
      <InfoRow label={translate('tm.category.updated')}>{formatDateId(record.updated_at, true)}</InfoRow>
    </DetailDialog>
  );
}
