import { Chip } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { useAdminDataProvider } from '../providers/dataProvider';

/** Terverifikasi / Belum Terverifikasi, read-only. */
export function VerifiedChip({ verified }: { verified: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={verified ? 'success' : 'default'}
      label={translate(verified ? 'tm.verification.verified' : 'tm.verification.unverified')}
    />
  );
}

/**
 * The clickable Active/Inactive badge of a mitra or petani row (docs/spec-notes.md §4): it calls verify-role, shows
 * 'Updating...' and is disabled meanwhile, and flips only after the call succeeded.
 */
export function VerificationBadge(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const dataProvider = useAdminDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [updating, setUpdating] = useState(false);
  // After a successful toggle the badge shows the new value until the refetch brings a new record
  // object; from then on (and after any other change to the row) it follows the record again.
  const [flipped, setFlipped] = useState<{ record: RaRecord; to: boolean } | null>(null);
  if (!record) return null;
  const active = flipped?.record === record ? flipped.to : Boolean(record.status_verifikasi);

  const toggle = async (event: MouseEvent) => {
    event.stopPropagation();
    setUpdating(true);
    try {
      const result = await dataProvider.verifyRole(Number(record.user_id ?? record.id), !active);
      if (result.success) {
        setFlipped({ record, to: !active });
        refresh();
      } else notify('tm.verification.update_failed', { type: 'error' });
    } catch (error) {
      notify('tm.verification.update_error', {
        type: 'error',
        messageArgs: { message: error instanceof Error ? error.message : String(error) },
      });
    } finally {
      setUpdating(false);
    }
  };

  return (
    <Chip
      size="small"
      clickable
      disabled={updating}
      onClick={toggle}
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={translate(
        updating
          ? 'tm.verification.updating'
          : active
            ? 'tm.verification.active'
            : 'tm.verification.inactive',
      )}
      aria-busy={updating}
    />
  );
}

/** Datagrid column of the read-only verification state. */
export function VerifiedField(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  return record ? <VerifiedChip verified={Boolean(record.status_verifikasi)} /> : null;
}
