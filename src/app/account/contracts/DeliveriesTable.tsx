import { useState } from 'react';
import { errorMessage } from '../../api/client';
import { formatDateTime, formatLongDate, formatNumber, formatRupiah } from '../../site/format';
import { confirmDelivery } from './api';
import { useContractStep } from './queries';
import { StepMessage } from './StepMessage';
import type { Contract, Delivery, PartyRole } from './types';
import { DataTable } from '../DataTable';

/** The deliveries recorded by the mitra; the petani confirms each receipt while the contract is active. */
export function DeliveriesTable({
  contract,
  deliveries,
  role,
  onChanged,
}: {
  contract: Contract;
  deliveries: Delivery[];
  role: PartyRole;
  onChanged: (notice: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const write = useContractStep();
  if (deliveries.length === 0) return <p>Belum ada pengiriman.</p>;
  const confirm = async (delivery: Delivery) => {
    setError(null);
    try {
      await write.mutateAsync(() => confirmDelivery(contract.id, delivery.id));
      onChanged('Penerimaan pengiriman dikonfirmasi.');
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const canConfirm = role === 'petani' && contract.status === 'active';
  return (
    <>
      <StepMessage text={error} />
      <DataTable label="Daftar pengiriman" headers={['Tanggal', 'Jumlah', 'Mutu', 'Dibayar', 'Penerimaan']}>
        {deliveries.map((d) => (
          <tr key={d.id}>
            <td>{formatLongDate(d.date)}</td>
            <td>
              {formatNumber(d.quantity)} {contract.unit}
            </td>
            <td>{d.grade}</td>
            <td>{formatRupiah(d.amount_paid)}</td>
            <td>
              {d.confirmed_at ? (
                `Dikonfirmasi ${formatDateTime(d.confirmed_at)}`
              ) : canConfirm ? (
                <button
                  type="button"
                  className="btn btn-primary"
                  aria-label={`Konfirmasi penerimaan ${formatLongDate(d.date)} ${formatNumber(d.quantity)} ${contract.unit}`}
                  onClick={() => void confirm(d)}
                >
                  Konfirmasi penerimaan
                </button>
              ) : (
                'Menunggu konfirmasi petani'
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
