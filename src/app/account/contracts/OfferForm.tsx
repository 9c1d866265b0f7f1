import { formatArea } from '../../site/format';
import type { LahanOffer } from './api';
import { FieldsForm, numberOf, textOf } from './FieldsForm';
import {
  DEFAULT_PAYMENT_DAYS_TEXT,
  gradePricesField,
  gradeRowsOf,
  paymentDaysField,
  pricesOfRows,
} from './GradePrices';
import { useCategories, useMakeOffer } from './queries';
import type { Contract } from './types';

/** The mitra's offer on a petani's lahan (POST /contract): version 1 of the terms, waiting for the petani. */
export function OfferForm({
  lahan,
  onDone,
  onCancel,
}: {
  lahan: LahanOffer;
  onDone: (contract: Contract) => void;
  onCancel: () => void;
}) {
  const categories = useCategories('contract-category').data ?? [];
  const offer = useMakeOffer();
  return (
    <FieldsForm
      title="Ajukan penawaran"
      intro={
        <p>
          Lahan <strong>{lahan.nama_lahan}</strong> milik {lahan.petani_nama} ({formatArea(lahan.luas_lahan)}
          ).
        </p>
      }
      fields={[
        { name: 'title', label: 'Judul kontrak', required: true },
        {
          name: 'contract_category_id',
          label: 'Kategori kontrak',
          type: 'select',
          required: true,
          options: categories.map((c) => ({ value: String(c.id), label: c.name })),
        },
        { name: 'commodity', label: 'Komoditas', required: true },
        { name: 'quantity', label: 'Jumlah', type: 'number', required: true },
        { name: 'unit', label: 'Satuan', required: true },
        gradePricesField(),
        paymentDaysField,
        { name: 'start_date', label: 'Tanggal mulai', type: 'date', required: true },
        { name: 'end_date', label: 'Tanggal selesai', type: 'date', required: true },
        { name: 'delivery_terms', label: 'Ketentuan pengiriman', type: 'textarea' },
      ]}
      initial={{ unit: 'kg', prices: gradeRowsOf(), payment_days: DEFAULT_PAYMENT_DAYS_TEXT }}
      submitLabel="Kirim penawaran"
      onCancel={onCancel}
      onSubmit={async (v) => {
        const contract = await offer.mutateAsync({
          title: v.title?.trim() ?? '',
          contract_category_id: numberOf(v.contract_category_id) as number,
          petani_id: lahan.petani_id,
          lahan_id: lahan.id,
          commodity: v.commodity?.trim() ?? '',
          quantity: numberOf(v.quantity) as number,
          unit: textOf(v.unit) ?? 'kg',
          prices: pricesOfRows(v.prices),
          payment_days: numberOf(v.payment_days) as number,
          start_date: v.start_date ?? '',
          end_date: v.end_date ?? '',
          delivery_terms: textOf(v.delivery_terms),
        });
        onDone(contract);
      }}
    />
  );
}
