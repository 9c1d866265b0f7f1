import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { errorMessage, http } from '../../../api/client';

/** Statuses an admin may send again: a failed try waiting for its retry, or a dead letter. */
const RESENDABLE = new Set(['failed', 'dead']);

/** 'Kirim Ulang' on a failed or dead send: POST /admin/notification-sends/{id}/resend, then the list again. */
export function ResendButton({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!RESENDABLE.has(String(record.status))) return null;
  const resend = async () => {
    setBusy(true);
    try {
      await http.post(`/admin/notification-sends/${record.id}/resend`);
      notify('tm.outbox.resent', { type: 'success' });
      refresh();
    } catch (err) {
      notify('tm.outbox.resend_failed', { type: 'error', messageArgs: { message: errorMessage(err) } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" variant="outlined" disabled={busy} onClick={() => void resend()}>
      {translate('tm.outbox.resend')}
    </Button>
  );
}
