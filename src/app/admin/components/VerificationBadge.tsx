import { Chip } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { useAdminDataProvider } from '../providers/dataProvider';
import { personName } from './personName';
import { VerifyConfirmDialog } from './VerifyConfirmDialog';

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
 * 'Updating...' and is disabled meanwhile, and flips only after the call succeeded. Verifying is never one click:
 * it opens the person's identity documents with Verifikasi / Batal first. Its accessible name says what a click
 * does ('Verifikasi <name>', 'Batalkan verifikasi <name>').
 */
export function VerificationBadge({
  nameField,
}: {
  source?: string;
  label?: string;
  sortable?: boolean;
  /** The role's own name field, for the accessible name and the confirmation. */
  nameField?: 'fullname_mitra' | 'fullname_petani';
}) {
  const record = useRecordContext();
  const dataProvider = useAdminDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [updating, setUpdating] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // After a successful toggle the badge shows the new value until the refetch brings a new record
  // object; from then on (and after any other change to the row) it follows the record again.
  const [flipped, setFlipped] = useState<{ record: RaRecord; to: boolean } | null>(null);
  if (!record) return null;
  const active = flipped?.record === record ? flipped.to : Boolean(record.status_verifikasi);
  const name = personName(record, nameField);

  const setVerified = async (to: boolean) => {
    setUpdating(true);
    try {
      const result = await dataProvider.verifyRole(Number(record.user_id ?? record.id), to);
      if (result.success) {
        setFlipped({ record, to });
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

  const toggle = (event: MouseEvent) => {
    event.stopPropagation();
    if (active) void setVerified(false);
    else setConfirming(true);
  };

  return (
    <>
      <Chip
        size="small"
        clickable
        disabled={updating}
        onClick={toggle}
        aria-label={
          updating
            ? undefined
            : translate(active ? 'tm.verification.unverify_label' : 'tm.verification.verify_label', { name })
        }
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
      {confirming && (
        <VerifyConfirmDialog
          record={record}
          name={name}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void setVerified(true);
          }}
        />
      )}
    </>
  );
}

/** Datagrid column of the read-only verification state. */
export function VerifiedField(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  return record ? <VerifiedChip verified={Boolean(record.status_verifikasi)} /> : null;
}
