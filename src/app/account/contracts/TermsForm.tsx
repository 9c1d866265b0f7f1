import { proposeTerms } from './api';
import { useContractStep } from './queries';
import { FieldsForm, numberOf, textOf, type FieldSpec, type Values } from './FieldsForm';
import { gradePricesField, gradeRowsOf, paymentDaysField, pricesOfRows } from './GradePrices';
import type { Contract, StepFormProps, TermsChange } from './types';

const fieldsOf = (contract: Contract): FieldSpec[] => [
  gradePricesField(contract.unit),
  paymentDaysField,
  { name: 'quantity', label: 'Jumlah', type: 'number', required: true },
  { name: 'start_date', label: 'Tanggal mulai', type: 'date', required: true },
  { name: 'end_date', label: 'Tanggal selesai', type: 'date', required: true },
  { name: 'delivery_terms', label: 'Ketentuan pengiriman', type: 'textarea' },
  { name: 'note', label: 'Catatan', type: 'textarea' },
];

const current = (c: Contract): Values => ({
  prices: gradeRowsOf(c.prices),
  payment_days: String(c.payment_days),
  quantity: String(c.quantity),
  start_date: c.start_date,
  end_date: c.end_date,
  delivery_terms: c.delivery_terms ?? '',
  note: '',
});

/** Only the terms that differ from the current version, and the note (the server refuses an unchanged proposal). */
function changes(contract: Contract, values: Values): TermsChange {
  const before = current(contract);
  const change: TermsChange = {};
  const prices = pricesOfRows(values.prices);
  if (JSON.stringify(prices) !== JSON.stringify(pricesOfRows(before.prices))) change.prices = prices;
  if (values.payment_days !== before.payment_days) change.payment_days = numberOf(values.payment_days);
  if (values.quantity !== before.quantity) change.quantity = numberOf(values.quantity);
  if (values.start_date !== before.start_date) change.start_date = values.start_date;
  if (values.end_date !== before.end_date) change.end_date = values.end_date;
  if (values.delivery_terms !== before.delivery_terms) change.delivery_terms = values.delivery_terms?.trim();
  const note = textOf(values.note);
  if (note) change.note = note;
  return change;
}

/** The petani's counter-offer or the mitra's revision: a new version of the terms. */
export function TermsForm({
  contract,
  step,
  onDone,
  onCancel,
}: StepFormProps & { step: 'counter' | 'revise' }) {
  const counter = step === 'counter';
  const write = useContractStep();
  return (
    <FieldsForm
      title={counter ? 'Tawar balik' : 'Revisi syarat'}
      intro={<p>Ubah syarat yang ingin Anda ajukan. Tanda tangan pada versi sebelumnya akan dibatalkan.</p>}
      fields={fieldsOf(contract)}
      initial={current(contract)}
      submitLabel={counter ? 'Kirim tawar balik' : 'Kirim revisi'}
      onCancel={onCancel}
      onSubmit={async (values) => {
        await write.mutateAsync(() =>
          proposeTerms(contract.id, step, {
            ...changes(contract, values),
            terms_version: contract.terms_version,
          }),
        );
        onDone();
      }}
    />
  );
}
