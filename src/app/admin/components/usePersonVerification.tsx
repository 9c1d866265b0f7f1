import { useState, type ReactNode } from 'react';
import { useNotify, useRefresh, type RaRecord } from 'react-admin';
import { useAdminDataProvider } from '../providers/dataProvider';
import { personName } from './personName';
import { VerifyConfirmDialog } from './VerifyConfirmDialog';

export type PersonNameField = 'fullname_mitra' | 'fullname_petani';

export interface PersonVerification {
  /** Verified, as the last successful call left it until the refetched record arrives. */
  active: boolean;
  updating: boolean;
  name: string;
  /** Revokes at once; verifying first shows the identity documents (VerifyConfirmDialog). */
  toggle(): void;
  /** The confirmation, when open; render it next to whatever called toggle. */
  dialog: ReactNode;
}

/**
 * Verifying or revoking a mitra or petani through PUT /admin/verify-role (docs/spec-notes.md §4), shared by
 * the row's status badge and its "more" menu: the row flips only after the call succeeded, and verifying is
 * never one click.
 */
export function usePersonVerification(
  record: RaRecord | undefined,
  nameField?: PersonNameField,
): PersonVerification | null {
  const dataProvider = useAdminDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
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

  return {
    active,
    updating,
    name,
    toggle: () => (active ? void setVerified(false) : setConfirming(true)),
    dialog: confirming ? (
      <VerifyConfirmDialog
        record={record}
        name={name}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void setVerified(true);
        }}
      />
    ) : null,
  };
}
