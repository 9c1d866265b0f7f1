import { Box } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import { DetailDialog, InfoRow } from '../../components/DetailDialog';
import { DocumentFileButton } from '../../components/DocumentFileButton';
import type { DetailProps } from '../../components/ResourceList';
import { CancelContractButton } from './CancelContractButton';
import { ContractParts, rupiah } from './ContractParts';
import { ContractStatusChip } from './ContractStatusChip';
import { GradePriceTable } from './GradePriceTable';
import { formatDate } from '../../../../shared/format-id';

/**
 * The contract detail modal: the current terms (GET /contract/{id}, so that it follows a cancel), the PDF,
 * cancelling with a reason, then the timeline, the versions of the terms, the signatures and the deliveries.
 */
export function ContractDetail({ record: row, onClose }: DetailProps) {
  const translate = useTranslate();
  const { data } = useGetOne('contract', { id: row.id }, { placeholderData: row });
  const record = data ?? row;
  const quantity = record.quantity != null ? `${record.quantity} ${record.unit ?? ''}`.trim() : '';
  const period =
    record.start_date || record.end_date
      ? `${formatDate(record.start_date)} – ${formatDate(record.end_date)}`
      : '';
  return (
    <DetailDialog
      title={record.title ? String(record.title) : translate('tm.contract.detail_title')}
      onClose={onClose}
    >
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <DocumentFileButton
          url={`/contract/${record.id}/pdf`}
          label={translate('tm.contract.pdf')}
          download={`kontrak-${record.verification_code ?? record.id}.pdf`}
        />
        <CancelContractButton record={record} />
      </Box>
      <InfoRow label={translate('tm.contract.type')}>{record.contract_type}</InfoRow>
      <InfoRow label={translate('tm.contract.status')}>
        <ContractStatusChip status={record.status} />
      </InfoRow>
      <InfoRow label={translate('tm.contract.awaiting')}>
        {record.awaiting ? translate(`tm.roles.${record.awaiting}`) : null}
      </InfoRow>
      <InfoRow label={translate('tm.contract.verification_code')}>{record.verification_code}</InfoRow>
      <InfoRow label={translate('tm.contract.description')}>{record.description}</InfoRow>
      <InfoRow label={translate('tm.contract.petani')}>
        {record.fullname_petani ?? record.petani_nama}
      </InfoRow>
      <InfoRow label={translate('tm.contract.mitra')}>{record.fullname_mitra}</InfoRow>
      <InfoRow label={translate('tm.contract.lahan')}>{record.nama_lahan}</InfoRow>
      <InfoRow label={translate('tm.contract.commodity')}>{record.commodity}</InfoRow>
      <InfoRow label={translate('tm.contract.quantity')}>{quantity}</InfoRow>
      <InfoRow label={translate('tm.contract.prices')}>
        <GradePriceTable prices={record.prices} unit={record.unit} />
      </InfoRow>
      <InfoRow label={translate('tm.contract.total_value')}>{rupiah(record.total_value)}</InfoRow>
      <InfoRow label={translate('tm.contract.payment_days')}>
        {record.payment_days != null
          ? translate('tm.contract.payment_days_value', { days: record.payment_days })
          : null}
      </InfoRow>
      <InfoRow label={translate('tm.contract.period')}>{period}</InfoRow>
      <InfoRow label={translate('tm.contract.delivery_terms')}>{record.delivery_terms}</InfoRow>
      <InfoRow label={translate('tm.contract.terms_version')}>{record.terms_version}</InfoRow>
      {record.cancel_reason && (
        <InfoRow label={translate('tm.contract.cancel_reason')}>{record.cancel_reason}</InfoRow>
      )}
      <InfoRow label={translate('tm.contract.created')}>{formatDate(record.created_at)}</InfoRow>
      <Box sx={{ mt: 2 }}>
        <ContractParts record={record} />
      </Box>
    </DetailDialog>
  );
}
