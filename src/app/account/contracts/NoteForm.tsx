import type { ReactNode } from 'react';
import { takeStep } from './api';
import { FieldsForm, textOf } from './FieldsForm';
import { useContractStep } from './queries';

/**
 * A step confirmed with an optional note (reject, complete) or a reason (cancel): `{ [field]: text }`;
 * `summary` shows under the intro (what completing closes).
 */
export function NoteForm({
  contractId,
  step,
  title,
  field = 'note',
  label = 'Catatan',
  submitLabel,
  intro,
  summary,
  onDone,
  onCancel,
}: {
  contractId: number;
  step: 'reject' | 'complete' | 'cancel';
  title: string;
  field?: 'note' | 'reason';
  label?: string;
  submitLabel: string;
  intro: string;
  summary?: ReactNode;
  onDone: () => void;
  onCancel: () => void;
}) {
  const write = useContractStep();
  return (
    <FieldsForm
      title={title}
      intro={
        <>
          <p>{intro}</p>
          {summary}
        </>
      }
      fields={[{ name: field, label, type: 'textarea', required: field === 'reason' }]}
      submitLabel={submitLabel}
      onCancel={onCancel}
      onSubmit={async (values) => {
        const text = textOf(values[field]);
        await write.mutateAsync(() => takeStep(contractId, step, text ? { [field]: text } : {}));
        onDone();
      }}
    />
  );
}
