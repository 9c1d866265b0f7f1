import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslate, type RaRecord } from 'react-admin';
import { NikDetails } from './NikDetails';
import { PersonDocuments } from './PersonDocuments';

interface VerifyConfirmDialogProps {
  record: RaRecord;
  name: string;
  onConfirm(): void;
  onCancel(): void;
}

/** Before a mitra or petani is verified: what their NIK says, their identity documents, then Verifikasi or Batal. */
export function VerifyConfirmDialog({ record, name, onConfirm, onCancel }: VerifyConfirmDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={onCancel}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      // Rendered in a portal, but React still bubbles its clicks to the row, which would open its detail.
      onClick={(event) => event.stopPropagation()}
    >
      <DialogTitle id={titleId}>{translate('tm.verification.confirm_title', { name })}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('tm.verification.confirm_intro')}
        </Typography>
        <NikDetails record={record} />
        <PersonDocuments record={record} expanded />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('tm.verification.cancel')}</Button>
        <Button variant="contained" onClick={onConfirm}>
          {translate('tm.verification.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
