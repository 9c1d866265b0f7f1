import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { errorMessage, http } from '../../../api/client';

/**
 * Sends an admin may send again: a failed try waiting for its retry, a dead letter, or one left `sending` past its
 * claim (the process sending it stopped; the server decides again on the press).
 */
const resendable = ({ status, next_at }: RaRecord) =>
  status === 'failed' || status === 'dead' || (status === 'sending' && Date.parse(next_at) < Date.now());

/** 'Kirim Ulang' on a send that can be sent again: POST /admin/notification-sends/{id}/resend, then the list again. */
export function ResendButton({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!resendable(record)) return null;
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
