import { useId } from 'react';
import { formatNumber } from '../../site/format';
import type { Contract, Delivery } from './types';

/** Confirmed deliveries against the contracted quantity, in hundredths (numeric(14,2)) so sums stay exact. */
export function deliveryBalance(contract: Contract, deliveries: Delivery[]) {
  const cents = (n: number) => Math.round(Number(n) * 100);
  const delivered = deliveries
    .filter((d) => d.confirmed_at)
    .reduce((sum, d) => sum + cents(d.accepted_quantity), 0);
  const contracted = cents(contract.quantity);
  return { delivered: delivered / 100, contracted: contracted / 100, gap: (delivered - contracted) / 100 };
}

/**
 * What the mitra is about to close: delivered (confirmed by the petani) against contracted, and a warning
 * when they differ, so that under- or over-delivery is seen before the contract is completed.
 */
export function CompletionSummary({ contract, deliveries }: { contract: Contract; deliveries: Delivery[] }) {
  const { delivered, contracted, gap } = deliveryBalance(contract, deliveries);
  const amount = (n: number) => `${formatNumber(n)} ${contract.unit}`;
  const share = contracted > 0 ? ` (${formatNumber(Math.round((delivered / contracted) * 100))}%)` : '';
  return (
    <>
      <dl className="terms" aria-label="Ringkasan pengiriman">
        <div>
          <dt>Jumlah kontrak</dt>
          <dd>{amount(contracted)}</dd>
        </div>
        <div>
          <dt>Terkirim dan dikonfirmasi</dt>
          <dd>{amount(delivered) + share}</dd>
        </div>
      </dl>
      {gap !== 0 && (
        <p className="alert">
          {gap < 0
            ? `Perhatian: pengiriman kurang ${amount(-gap)} dari jumlah kontrak.`
            : `Perhatian: pengiriman melebihi jumlah kontrak sebanyak ${amount(gap)}.`}{' '}
          Pastikan selisih ini sudah disepakati dengan petani sebelum menyelesaikan kontrak.
        </p>
      )}
    </>
  );
}

/** Delivered (confirmed) against contracted quantity, as a sentence and a progress bar. */
export function DeliveryProgress({ contract, deliveries }: { contract: Contract; deliveries: Delivery[] }) {
  const { delivered, contracted } = deliveryBalance(contract, deliveries);
  const id = useId();
  const percent = contracted > 0 ? Math.round((delivered / contracted) * 100) : 0;
  return (
    <div className="delivery-progress">
      <p id={id} style={{ margin: '0 0 4px' }}>
        Diterima {formatNumber(delivered)} dari {formatNumber(contracted)} {contract.unit} (
        {formatNumber(percent)}%)
      </p>
      <progress aria-labelledby={id} value={Math.min(delivered, contracted)} max={contracted || 1} />
    </div>
  );
}
