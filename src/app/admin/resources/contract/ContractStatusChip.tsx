import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';

export const isContractActive = (status: unknown) => status === 'approved' || status === 'active';

/** approved/active → 'Active' in green; anything else yellow with its raw status, or 'Pending' (docs/spec-notes.md §4). */
export function ContractStatusChip({ status }: { status: unknown }) {
  const translate = useTranslate();
  const active = isContractActive(status);
  const raw = typeof status === 'string' && status.trim() ? status : null;
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'yellow'}
      label={active ? translate('tm.contract.active') : (raw ?? translate('tm.contract.pending'))}
    />
  );
}

export function ContractStatusField(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  return record ? <ContractStatusChip status={record.status} /> : null;
}
