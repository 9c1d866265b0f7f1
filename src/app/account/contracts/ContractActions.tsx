import { useState, type ReactNode } from 'react';
import { stepsOn } from '../../../shared/contract-lifecycle';
import { errorMessage } from '../../api/client';
import { downloadPdf, takeStep } from './api';
import { CompletionSummary } from './CompletionSummary';
import { DeliveryForm } from './DeliveryForm';
import { NoteForm } from './NoteForm';
import { useContractStep } from './queries';
import { SignDialog } from './SignDialog';
import { TermsForm } from './TermsForm';
import { StepMessage } from './StepMessage';
import type { Contract, Delivery, PartyRole } from './types';

type Panel = 'counter' | 'revise' | 'reject' | 'sign' | 'deliver' | 'complete' | 'cancel';
type Button = Panel | 'start';

/** The steps that are buttons here, in their order (a delivery's confirmation is on the delivery itself). */
const BUTTONS: Record<Button, string> = {
  sign: 'Tanda tangani',
  counter: 'Tawar balik',
  reject: 'Tolak kontrak',
  revise: 'Revisi syarat',
  cancel: 'Batalkan kontrak',
  start: 'Mulai kontrak',
  deliver: 'Catat pengiriman',
  complete: 'Selesaikan kontrak',
};

/** The steps confirmed with a note (or, to cancel, a reason). */
const NOTE_STEPS = {
  reject: {
    title: 'Tolak kontrak',
    intro: 'Penawaran ini akan ditolak dan lahan kembali tersedia.',
    submitLabel: 'Ya, tolak kontrak',
    notice: 'Kontrak ditolak.',
  },
  complete: {
    title: 'Selesaikan kontrak',
    intro: 'Semua pengiriman telah dikonfirmasi. Kontrak akan ditutup sebagai selesai.',
    submitLabel: 'Ya, selesaikan',
    notice: 'Kontrak selesai.',
  },
  cancel: {
    title: 'Batalkan kontrak',
    intro: 'Kontrak yang dibatalkan tidak dapat dilanjutkan.',
    submitLabel: 'Ya, batalkan',
    notice: 'Kontrak dibatalkan.',
    field: 'reason' as const,
    label: 'Alasan',
  },
};

/**
 * The steps `role` may take on the contract now: those the lifecycle allows from its status
 * (shared/contract-lifecycle.ts), less a signature already given and completing before every delivery is
 * confirmed (the server refuses both; this only offers the sensible ones).
 */
function stepsFor(contract: Contract, role: PartyRole, deliveries: Delivery[]): [Button, string][] {
  const allowed = stepsOn(contract.status, role);
  const signed = role === 'petani' ? contract.petani_signed_at : contract.mitra_signed_at;
  const sensible: Partial<Record<Button, boolean>> = {
    sign: !signed,
    complete: deliveries.length > 0 && deliveries.every((d) => d.confirmed_at),
  };
  return (Object.entries(BUTTONS) as [Button, string][]).filter(
    ([step]) => allowed.includes(step) && sensible[step] !== false,
  );
}

/** The buttons of the steps the caller can take, and the form of the one chosen. */
export function ContractActions({
  contract,
  role,
  deliveries,
  onChanged,
  onTermsChanged,
}: {
  contract: Contract;
  role: PartyRole;
  deliveries: Delivery[];
  onChanged: (notice: string) => void;
  /** A signature refused because the terms changed since they were shown: the server's message. */
  onTermsChanged: (message: string) => void;
}) {
  const [panel, setPanel] = useState<Panel | null>(null);
  const [error, setError] = useState<string | null>(null);
  const write = useContractStep();
  const close = () => setPanel(null);
  const done = (notice: string) => () => {
    setPanel(null);
    onChanged(notice);
  };

  const run = async (step: Button) => {
    setError(null);
    if (step !== 'start') return setPanel(step);
    try {
      await write.mutateAsync(() => takeStep(contract.id, 'start'));
      onChanged('Kontrak dimulai.');
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const pdf = async () => {
    setError(null);
    try {
      await downloadPdf(contract);
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const note = { contractId: contract.id, onCancel: close };
  const forms = {
    counter: () => (
      <TermsForm contract={contract} step="counter" onDone={done('Tawar balik terkirim.')} onCancel={close} />
    ),
    revise: () => (
      <TermsForm contract={contract} step="revise" onDone={done('Revisi terkirim.')} onCancel={close} />
    ),
    sign: () => (
      <SignDialog
        contract={contract}
        onDone={done('Kontrak telah Anda tanda tangani.')}
        onCancel={close}
        onTermsChanged={(message) => {
          setPanel(null);
          onTermsChanged(message);
        }}
      />
    ),
    deliver: () => (
      <DeliveryForm contract={contract} onDone={done('Pengiriman tercatat.')} onCancel={close} />
    ),
    ...Object.fromEntries(
      (['reject', 'complete', 'cancel'] as const).map((step) => [
        step,
        () => (
          <NoteForm
            {...NOTE_STEPS[step]}
            {...note}
            step={step}
            summary={step === 'complete' && <CompletionSummary contract={contract} deliveries={deliveries} />}
            onDone={done(NOTE_STEPS[step].notice)}
          />
        ),
      ]),
    ),
  };

  if (panel) return (forms as Record<Panel, () => ReactNode>)[panel]();
  return (
    <div>
      <StepMessage text={error} />
      <div className="actions" style={{ flexWrap: 'wrap' }}>
        {stepsFor(contract, role, deliveries).map(([step, label]) => (
          <button
            key={step}
            type="button"
            className={step === 'reject' || step === 'cancel' ? 'btn btn-outline' : 'btn btn-primary'}
            onClick={() => void run(step)}
          >
            {label}
          </button>
        ))}
        <button type="button" className="btn btn-outline" onClick={() => void pdf()}>
          Unduh PDF
        </button>
      </div>
    </div>
  );
}
