import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { HttpError, useTranslate } from 'react-admin';

interface FormDialogProps {
  title: string;
  onClose(): void;
  onSubmit(): void;
  /** The submit button stays disabled until the form is complete. */
  canSubmit: boolean;
  saving: boolean;
  /** A failure or validation message shown above the buttons. */
  error?: string | null;
  /** A hint under the fields while the form is incomplete (e.g. MESSAGES.requiredFields). */
  hint?: string | null;
  children: ReactNode;
}

/** A create/edit form in a modal (full screen on phones), with Cancel and Save. */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  canSubmit,
  saving,
  error,
  hint,
  children,
}: FormDialogProps) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit && !saving) onSubmit();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby="form-dialog-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="form-dialog-title">{title}</DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {children}
            {hint && !error && <Alert severity="info">{hint}</Alert>}
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={!canSubmit || saving}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * The text of a failed save: '{failed}: {server message}' when the server answered, else `unexpected`
 * (no answer, or not an HTTP failure).
 */
export function failureText(error: unknown, failed: string, unexpected: string): string {
  if (error instanceof HttpError && error.status > 0 && error.message) return `${failed}: ${error.message}`;
  return unexpected;
}
