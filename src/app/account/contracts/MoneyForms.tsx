import { useId, useState } from 'react';
import { MESSAGES } from '../../../shared/messages';
import {
  ADVANCE_KIND_LABEL,
  ADVANCE_KINDS,
  PAYMENT_METHOD_LABEL,
  PAYMENT_METHODS,
} from '../../../shared/settlement';
import { fieldErrors } from '../../api/envelope';
import { fieldDescription, FieldNotes } from '../FieldNotes';
import { FieldsForm, textOf, type FieldSpec } from './FieldsForm';
import { rupiahOf, useMoneyApi } from './money-api';

const T = MESSAGES.money;

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Jakarta' });

/** Whole rupiah as typed (`12.500.000`): a text field, since a number field would refuse the dots. */
const amountField: FieldSpec = { name: 'amount', label: T.amount, required: true, autoComplete: 'off' };
const dateField: FieldSpec = { name: 'date', label: T.date, type: 'date', required: true };

interface MoneyFormProps {
  contractId: number;
  onDone: () => void;
  onCancel: () => void;
}

/** The mitra records an advance: what (benih, pupuk, …), how much, when, and a note. */
export function AdvanceForm({ contractId, onDone, onCancel }: MoneyFormProps) {
  const api = useMoneyApi();
  return (
    <FieldsForm
      title={T.newAdvance}
      intro={<p className="field-hint">{T.amountHint}</p>}
      fields={[
        {
          name: 'kind',
          label: T.kind,
          type: 'select',
          required: true,
          options: ADVANCE_KINDS.map((k) => ({ value: k, label: ADVANCE_KIND_LABEL[k] })),
        },
        amountField,
        dateField,
        { name: 'note', label: T.note, type: 'textarea' },
      ]}
      initial={{ date: today() }}
      submitLabel={T.saveAdvance}
      onCancel={onCancel}
      onSubmit={async (v) => {
        const note = textOf(v.note);
        await api.recordAdvance(contractId, {
          kind: v.kind ?? '',
          amount: rupiahOf(v.amount ?? ''),
          date: v.date ?? '',
          ...(note ? { note } : {}),
        });
        onDone();
      }}
    />
  );
}

/** The mitra records a payment: how much, how, its reference, when, and a photo of the proof. */
export function PaymentForm({ contractId, onDone, onCancel }: MoneyFormProps) {
  const api = useMoneyApi();
  const photoId = useId();
  const [photo, setPhoto] = useState<File>();
  const [photoError, setPhotoError] = useState<string>();
  return (
    <FieldsForm
      title={T.newPayment}
      intro={<p className="field-hint">{T.amountHint}</p>}
      fields={[
        amountField,
        {
          name: 'method',
          label: T.method,
          type: 'select',
          required: true,
          options: PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABEL[m] })),
        },
        { name: 'reference', label: T.reference, required: true, autoComplete: 'off' },
        dateField,
      ]}
      initial={{ date: today() }}
      submitLabel={T.savePayment}
      onCancel={onCancel}
      onSubmit={async (v) => {
        setPhotoError(undefined);
        try {
          await api.recordPayment(contractId, {
            amount: rupiahOf(v.amount ?? ''),
            method: v.method ?? '',
            reference: v.reference?.trim() ?? '',
            date: v.date ?? '',
            ...(photo ? { photo } : {}),
          });
        } catch (err) {
          // The form shows the other fields' messages; the photo's goes under the photo.
          setPhotoError(fieldErrors(err).photo);
          throw err;
        }
        onDone();
      }}
    >
      <div className="field">
        <label htmlFor={photoId}>{T.photo}</label>
        <input
          id={photoId}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          capture="environment"
          {...fieldDescription(photoId, T.photoHint, photoError)}
          onChange={(e) => setPhoto(e.target.files?.[0])}
        />
        <FieldNotes id={photoId} hint={T.photoHint} error={photoError} />
      </div>
    </FieldsForm>
  );
}
