import { Button } from '@mui/material';
import { useState } from 'react';
import { useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { failureText, FormDialog } from '../../components/FormDialog';
import { useAdminDataProvider } from '../../providers/dataProvider';
import { stepsOn } from '../../../../shared/contract-lifecycle';
import { ReasonInput } from '../../components/ReasonInput';

const REQUIRED = ['reason'] as const;
const trimmed = (values: Record<string, unknown>) => ({ reason: String(values.reason ?? '').trim() });

/** 'Batalkan Kontrak' while the lifecycle lets an admin cancel: a dialog asks the reason, then POST /contract/{id}/cancel. */
export function CancelContractButton({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAdminDataProvider();
  const [open, setOpen] = useState(false);
  if (!stepsOn(record.status, 'admin').includes('cancel')) return null;
  const failed = translate('tm.contract.cancel_failed');
  return (
    <>
      <Button size="small" variant="outlined" color="error" onClick={() => setOpen(true)}>
        {translate('tm.contract.cancel')}
      </Button>
      {open && (
        <FormDialog
          title={translate('tm.contract.cancel')}
          resource="contract"
          action={(body) => dataProvider.cancelContract(record.id, String(body.reason))}
          required={REQUIRED}
          toBody={trimmed}
          hint={translate('tm.contract.cancel_hint')}
          failure={(error) => failureText(error, failed, translate('tm.contract.cancel_error'))}
          onSaved={() => {
            notify('tm.contract.cancelled_notice', { type: 'success' });
            // The record, the list and the timeline all change.
            refresh();
          }}
          onClose={() => setOpen(false)}
        >
          <ReasonInput source="reason" label="tm.contract.cancel_reason" />
        </FormDialog>
      )}
    </>
  );
}
