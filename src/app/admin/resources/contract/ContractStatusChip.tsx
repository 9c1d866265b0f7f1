import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { isUnderContract } from '../../../../shared/contract-lifecycle';

/**
 * A binding contract (the lifecycle's UNDER_CONTRACT: approved, active) → 'Active' in green; anything else
 * yellow with its raw status, or 'Pending' (docs/spec-notes.md §4).
 */
export function ContractStatusChip({ status }: { status: unknown }) {
  const translate = useTranslate();
  const active = isUnderContract(status);
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
