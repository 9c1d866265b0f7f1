import { Chip } from '@mui/material';
import type { MouseEvent } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { usePersonVerification, type PersonNameField } from './usePersonVerification';

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
 * does after what it shows ('Inactive, Verifikasi <name>', 'Active, Batalkan verifikasi <name>').
 */
export function VerificationBadge({
  nameField,
}: {
  source?: string;
  label?: string;
  sortable?: boolean;
  /** The role's own name field, for the accessible name and the confirmation. */
  nameField?: PersonNameField;
}) {
  const record = useRecordContext();
  const translate = useTranslate();
  const verification = usePersonVerification(record, nameField);
  if (!verification) return null;
  const { active, updating, name, toggle, dialog } = verification;
  const label = translate(
    updating ? 'tm.verification.updating' : active ? 'tm.verification.active' : 'tm.verification.inactive',
  );

  return (
    <>
      <Chip
        size="small"
        clickable
        disabled={updating}
        onClick={(event: MouseEvent) => {
          event.stopPropagation();
          toggle();
        }}
        // The name starts with the visible text (WCAG 2.5.3 label in name: voice users say what they see).
        aria-label={
          updating
            ? undefined
            : `${label}, ${translate(active ? 'tm.verification.unverify_label' : 'tm.verification.verify_label', { name })}`
        }
        color={active ? 'success' : 'default'}
        variant={active ? 'filled' : 'outlined'}
        label={label}
        aria-busy={updating}
      />
      {dialog}
    </>
  );
}

/** Datagrid column of the read-only verification state. */
export function VerifiedField(_props: { source?: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  return record ? <VerifiedChip verified={Boolean(record.status_verifikasi)} /> : null;
}
