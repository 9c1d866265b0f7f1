import { Button, Typography } from '@mui/material';
import { useState } from 'react';
import {
  NumberInput,
  SelectInput,
  TextInput,
  useNotify,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { stepsOn } from '../../../../shared/contract-lifecycle';
import type { GradePrice } from '../../../../shared/settlement';
import { failureText, FormDialog } from '../../components/FormDialog';
import { useAdminDataProvider } from '../../providers/dataProvider';
import { ReasonInput } from '../../components/ReasonInput';

const REQUIRED = ['note'] as const;

/** The resolution's body: the note, and only the corrections the admin filled in. */
function toBody(values: Record<string, unknown>) {
  const body: Record<string, unknown> = { note: String(values.note ?? '').trim() };
  for (const field of ['accepted_quantity', 'rejected_quantity'])
    if (typeof values[field] === 'number') body[field] = values[field];
  const reason = String(values.rejection_reason ?? '').trim();
  if (reason) body.rejection_reason = reason;
  if (values.grade) body.grade = values.grade;
  return body;
}

/**
 * 'Selesaikan sanggahan' on a disputed delivery of a contract an admin may resolve: a dialog takes the
 * corrections (each optional; as recorded when left empty) and the note, then POST …/deliveries/{id}/resolve.
 */
export function ResolveDeliveryButton({ contract, delivery }: { contract: RaRecord; delivery: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useAdminDataProvider();
  const [open, setOpen] = useState(false);
  if (delivery.status !== 'disputed' || !stepsOn(contract.status, 'admin').includes('resolve')) return null;
  const unit = String(contract.unit ?? '');
  const was = (value: unknown) => translate('tm.contract.resolve_was', { value: String(value ?? '-') });
  const prices = (contract.prices ?? []) as GradePrice[];
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        onClick={() => setOpen(true)}
        aria-label={translate('tm.contract.resolve_of', { lot: delivery.lot_code })}
      >
        {translate('tm.contract.resolve')}
      </Button>
      {open && (
        <FormDialog
          title={translate('tm.contract.resolve_of', { lot: delivery.lot_code })}
          resource="contract"
          action={(body) => dataProvider.resolveDelivery(contract.id, delivery.id as number, body)}
          required={REQUIRED}
          toBody={toBody}
          hint={translate('tm.contract.resolve_hint')}
          failure={(error) =>
            failureText(
              error,
              translate('tm.contract.resolve_failed'),
              translate('tm.contract.resolve_failed'),
            )
          }
          onSaved={() => {
            notify('tm.contract.resolved_notice', { type: 'success' });
            refresh();
          }}
          onClose={() => setOpen(false)}
        >
          <Typography variant="body2" gutterBottom>
            {`${translate('tm.contract.column.dispute')}: ${String(delivery.dispute_reason ?? '-')}`}
          </Typography>
          <NumberInput
            source="accepted_quantity"
            label={translate('tm.contract.resolve_accepted', { unit })}
            helperText={was(delivery.accepted_quantity)}
            fullWidth
          />
          <NumberInput
            source="rejected_quantity"
            label={translate('tm.contract.resolve_rejected', { unit })}
            helperText={was(delivery.rejected_quantity)}
            fullWidth
          />
          <TextInput
            source="rejection_reason"
            label="tm.contract.resolve_rejection_reason"
            helperText={was(delivery.rejection_reason)}
            fullWidth
          />
          <SelectInput
            source="grade"
            label="tm.contract.column.grade"
            choices={prices.map((p) => ({ id: p.grade, name: p.grade }))}
            helperText={was(delivery.grade)}
            fullWidth
          />
          <ReasonInput source="note" label="tm.contract.resolve_note" />
        </FormDialog>
      )}
    </>
  );
}
