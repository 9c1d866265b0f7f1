import { useState } from 'react';
import { formatRupiah } from '../../../shared/format-id';
import { MESSAGES } from '../../../shared/messages';
import { fieldErrors } from '../../api/envelope';
import { recordDelivery } from './api';
import { FieldsForm, numberOf, textOf } from './FieldsForm';
import { PhotoField } from './PhotoField';
import { useContractStep } from './queries';
import type { StepFormProps } from './types';

const T = MESSAGES.lot;

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Jakarta' });

/**
 * The mitra records a lot as weighed and graded: the date, the gross weight, what was accepted and rejected
 * (and why), the grade of the accepted part (one of the contract's, with its price) and a photo.
 */
export function DeliveryForm({ contract, onDone, onCancel }: StepFormProps) {
  const write = useContractStep();
  const [photo, setPhoto] = useState<File>();
  const [photoError, setPhotoError] = useState<string>();
  const unit = contract.unit;
  return (
    <FieldsForm
      title={T.formTitle}
      fields={[
        { name: 'date', label: T.date, type: 'date', required: true },
        { name: 'gross_quantity', label: T.gross(unit), type: 'number', required: true },
        { name: 'accepted_quantity', label: T.accepted(unit), type: 'number', required: true },
        { name: 'rejected_quantity', label: T.rejected(unit), type: 'number', required: true },
        { name: 'rejection_reason', label: T.rejectionReason, type: 'textarea' },
        {
          name: 'grade',
          label: T.grade,
          type: 'select',
          required: true,
          options: (contract.prices ?? []).map((p) => ({
            value: p.grade,
            label: T.gradeOption(p.grade, formatRupiah(p.price), unit),
          })),
        },
      ]}
      initial={{ date: today(), rejected_quantity: '0' }}
      submitLabel={T.save}
      onCancel={onCancel}
      onSubmit={async (v) => {
        const reason = textOf(v.rejection_reason);
        setPhotoError(undefined);
        try {
          await write.mutateAsync(() =>
            recordDelivery(contract.id, {
              date: v.date ?? '',
              gross_quantity: numberOf(v.gross_quantity) as number,
              accepted_quantity: numberOf(v.accepted_quantity) as number,
              rejected_quantity: numberOf(v.rejected_quantity) as number,
              grade: v.grade ?? '',
              ...(reason ? { rejection_reason: reason } : {}),
              ...(photo ? { photo } : {}),
            }),
          );
        } catch (err) {
          // The form shows the other fields' messages; the photo's goes under the photo.
          setPhotoError(fieldErrors(err).photo);
          throw err;
        }
        onDone();
      }}
    >
      <PhotoField label={T.photo} hint={T.photoHint} error={photoError} onChange={setPhoto} />
    </FieldsForm>
  );
}
