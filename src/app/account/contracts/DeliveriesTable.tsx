import { useState, type ReactNode } from 'react';
import { MESSAGES } from '../../../shared/messages';
import { DELIVERY_STATUS_LABEL } from '../../../shared/settlement';
import { errorMessage } from '../../api/client';
import { formatLongDate, formatNumber, formatRupiah } from '../../site/format';
import { confirmDelivery, disputeDelivery, downloadReceipt } from './api';
import { FieldsForm, textOf } from './FieldsForm';
import { useContractStep } from './queries';
import { StepMessage } from './StepMessage';
import type { Contract, Delivery, PartyRole } from './types';
import { DataTable } from '../DataTable';

const T = MESSAGES.lot;

/** What was weighed, and the reasons given along the way (rejection, dispute, resolution). */
function Quantities({ delivery: d, unit }: { delivery: Delivery; unit: string }) {
  const notes = [
    d.rejected_quantity > 0 && d.rejection_reason && T.rejectedBecause(d.rejection_reason),
    d.dispute_reason && T.disputedBecause(d.dispute_reason),
    d.resolution_note && T.resolvedWith(d.resolution_note),
  ].filter((note): note is string => Boolean(note));
  return (
    <>
      {T.quantities(
        formatNumber(d.accepted_quantity),
        formatNumber(d.rejected_quantity),
        formatNumber(d.gross_quantity),
        unit,
      )}
      {notes.map((note) => (
        <small key={note} style={{ display: 'block' }}>
          {note}
        </small>
      ))}
    </>
  );
}

interface LotButtonProps {
  /** What it does to which lot, for a screen reader. */
  label: string;
  primary?: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** One of a lot's actions in its row. */
function LotButton({ label, primary = false, onClick, children }: LotButtonProps) {
  return (
    <button
      type="button"
      className={primary ? 'btn btn-primary' : 'btn btn-outline'}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** The petani's reason for disputing a delivery: the form opens in place of the list's buttons. */
function DisputeDialog({
  contractId,
  delivery,
  onDone,
  onCancel,
}: {
  contractId: number;
  delivery: Delivery;
  onDone: () => void;
  onCancel: () => void;
}) {
  const write = useContractStep();
  return (
    <div role="dialog" aria-modal="false" aria-label={T.disputeTitle(delivery.lot_code)}>
      <FieldsForm
        title={T.disputeTitle(delivery.lot_code)}
        intro={<p>{T.disputeIntro}</p>}
        fields={[{ name: 'reason', label: T.disputeReason, type: 'textarea', required: true }]}
        submitLabel={T.disputeSend}
        onCancel={onCancel}
        onSubmit={async (values) => {
          const reason = textOf(values.reason) ?? '';
          await write.mutateAsync(() => disputeDelivery(contractId, delivery.id, reason));
          onDone();
        }}
      />
    </div>
  );
}

/**
 * The lots the mitra recorded: each with its code, quantities, grade, value, status and receipt; the petani
 * confirms or disputes each recorded one while the contract is active.
 */
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
  const [disputing, setDisputing] = useState<Delivery | null>(null);
  const write = useContractStep();
  if (deliveries.length === 0) return <p>{T.none}</p>;
  const confirm = async (delivery: Delivery) => {
    setError(null);
    try {
      await write.mutateAsync(() => confirmDelivery(contract.id, delivery.id));
      onChanged(T.confirmed);
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const receipt = async (delivery: Delivery) => {
    setError(null);
    try {
      await downloadReceipt(contract.id, delivery);
    } catch {
      setError(T.receiptFailed);
    }
  };
  const canAnswer = (d: Delivery) =>
    role === 'petani' && contract.status === 'active' && d.status === 'recorded';
  return (
    <>
      <StepMessage text={error} />
      <DataTable label={T.tableLabel} headers={[...T.headers]}>
        {deliveries.map((d) => (
          <tr key={d.id}>
            <td>
              <code>{d.lot_code}</code>
            </td>
            <td>{formatLongDate(d.date)}</td>
            <td>
              <Quantities delivery={d} unit={contract.unit} />
            </td>
            <td>{d.grade}</td>
            <td>{formatRupiah(d.value)}</td>
            <td>{DELIVERY_STATUS_LABEL[d.status] ?? d.status}</td>
            <td>
              <div className="actions" style={{ marginTop: 0 }}>
                <LotButton label={T.receiptOf(d.lot_code)} onClick={() => void receipt(d)}>
                  {T.receipt}
                </LotButton>
                {canAnswer(d) && (
                  <>
                    <LotButton primary label={T.confirmOf(d.lot_code)} onClick={() => void confirm(d)}>
                      {T.confirm}
                    </LotButton>
                    <LotButton label={T.disputeOf(d.lot_code)} onClick={() => setDisputing(d)}>
                      {T.dispute}
                    </LotButton>
                  </>
                )}
              </div>
            </td>
          </tr>
        ))}
      </DataTable>
      {disputing && (
        <DisputeDialog
          contractId={contract.id}
          delivery={disputing}
          onCancel={() => setDisputing(null)}
          onDone={() => {
            setDisputing(null);
            onChanged(T.disputed);
          }}
        />
      )}
    </>
  );
}
