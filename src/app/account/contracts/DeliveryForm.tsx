import { DELIVERY_GRADES } from '../../../shared/contracts';
import { recordDelivery } from './api';
import { FieldsForm, numberOf } from './FieldsForm';
import { useContractStep } from './queries';
import type { StepFormProps } from './types';

const today = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Jakarta' });

/** The mitra records a delivery: date, quantity, quality grade and the amount paid. */
export function DeliveryForm({ contract, onDone, onCancel }: StepFormProps) {
  const write = useContractStep();
  return (
    <FieldsForm
      title="Catat pengiriman"
      fields={[
        { name: 'date', label: 'Tanggal pengiriman', type: 'date', required: true },
        { name: 'quantity', label: `Jumlah dikirim (${contract.unit})`, type: 'number', required: true },
        {
          name: 'grade',
          label: 'Mutu',
          type: 'select',
          required: true,
          options: DELIVERY_GRADES.map((g) => ({ value: g, label: `Mutu ${g}` })),
        },
        { name: 'amount_paid', label: 'Pembayaran (Rp)', type: 'number', required: true },
      ]}
      initial={{ date: today() }}
      submitLabel="Simpan pengiriman"
      onCancel={onCancel}
      onSubmit={async (v) => {
        const delivery = {
          date: v.date ?? '',
          quantity: numberOf(v.quantity) as number,
          grade: v.grade ?? '',
          amount_paid: numberOf(v.amount_paid) as number,
        };
        await write.mutateAsync(() => recordDelivery(contract.id, delivery));
        onDone();
      }}
    />
  );
}
