import { useTranslate } from 'react-admin';
import { DetailDialog, InfoRow } from '../../components/DetailDialog';
import { formatDateId } from '../../components/formatDate';
import type { DetailProps } from '../../components/ResourceList';
import { ContractStatusChip } from './ContractStatusChip';

const rupiah = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '-'
    : Number(value).toLocaleString('id-ID', { style: 'currency', currency: 'IDR', maximumFractionDigits: 0 });

export function ContractDetail({ record, onClose }: DetailProps) {
  const translate = useTranslate();
  const quantity = record.quantity != null ? `${record.quantity} ${record.unit ?? ''}`.trim() : '';
  const period =
    record.start_date || record.end_date
      ? `${formatDateId(record.start_date)} – ${formatDateId(record.end_date)}`
      : '';
  return (
    <DetailDialog
      title={record.title ? String(record.title) : translate('tm.contract.detail_title')}
      onClose={onClose}
    >
      <InfoRow label={translate('tm.contract.type')}>{record.contract_type}</InfoRow>
      <InfoRow label={translate('tm.contract.status')}>
        <ContractStatusChip status={record.status} />
      </InfoRow>
      <InfoRow label={translate('tm.contract.description')}>{record.description}</InfoRow>
      <InfoRow label={translate('tm.contract.petani')}>
        {record.fullname_petani ?? record.petani_nama}
      </InfoRow>
      <InfoRow label={translate('tm.contract.mitra')}>{record.fullname_mitra}</InfoRow>
      <InfoRow label={translate('tm.contract.lahan')}>{record.nama_lahan}</InfoRow>
      <InfoRow label={translate('tm.contract.commodity')}>{record.commodity}</InfoRow>
      <InfoRow label={translate('tm.contract.quantity')}>{quantity}</InfoRow>
      <InfoRow label={translate('tm.contract.price')}>{rupiah(record.price)}</InfoRow>
      <InfoRow label={translate('tm.contract.period')}>{period}</InfoRow>
      <InfoRow label={translate('tm.contract.created')}>{formatDateId(record.created_at)}</InfoRow>
    </DetailDialog>
  );
}
