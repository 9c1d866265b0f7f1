import { useTranslate } from 'react-admin';
import { DetailDialog, InfoRow } from '../../components/DetailDialog';
import type { DetailProps } from '../../components/ResourceList';
import { formatDate } from '../../../../shared/format-id';

export function CategoryDetail({ record, onClose }: DetailProps) {
  const translate = useTranslate();
  return (
    <DetailDialog title={translate('tm.category.detail_title')} onClose={onClose}>
      <InfoRow label={translate('tm.category.id')}>{record.id}</InfoRow>
      <InfoRow label={translate('tm.category.name')}>{record.type_name}</InfoRow>
      <InfoRow label={translate('tm.category.description')}>{record.description}</InfoRow>
      <InfoRow label={translate('tm.category.created')}>{formatDate(record.created_at, true)}</InfoRow>
      <InfoRow label={translate('tm.category.updated')}>{formatDate(record.updated_at, true)}</InfoRow>
    </DetailDialog>
  );
}
