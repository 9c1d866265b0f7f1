import { useId, useState } from 'react';
import { ELECTRONIC_SIGNATURE_CONSENT } from '../../../shared/contracts';
import { fieldErrors } from '../../api/envelope';
import { signContract, statusOf } from './api';
import { FieldsForm } from './FieldsForm';
import { useContractStep } from './queries';
import type { StepFormProps } from './types';

/**
 * Signing re-authenticates: the signer reads the consent (UU ITE, PP 71/2019; folded, so that the password
 * field stays in view on a phone), ticks it and types their password. A wrong password is the server's 400, shown as it comes; nothing is signed. The signature is of
 * the version shown: when the terms changed meanwhile the server refuses it (409 on terms_version), and
 * `onTermsChanged` gets its message so that the contract is shown again in its new version.
 */
export function SignDialog({
  contract,
  onDone,
  onCancel,
  onTermsChanged,
}: StepFormProps & { onTermsChanged: (message: string) => void }) {
  const [consent, setConsent] = useState(false);
  const ids = { title: useId(), consent: useId(), text: useId() };
  const write = useContractStep();
  return (
    <div role="dialog" aria-modal="true" aria-labelledby={ids.title} className="sign-dialog">
      <h3 id={ids.title} style={{ marginBottom: 0 }}>
        Tanda tangani kontrak
      </h3>
      <FieldsForm
        title={`Tanda tangan versi ${contract.terms_version}`}
        intro={
          <details className="consent">
            <summary>Baca pernyataan tanda tangan elektronik (UU ITE, PP 71/2019)</summary>
            <p id={ids.text} className="notice">
              {ELECTRONIC_SIGNATURE_CONSENT}
            </p>
          </details>
        }
        fields={[
          {
            name: 'password',
            label: 'Kata sandi',
            type: 'password',
            autoComplete: 'current-password',
            required: true,
          },
        ]}
        submitLabel="Tanda tangani sekarang"
        canSubmit={consent}
        onCancel={onCancel}
        onSubmit={async (values) => {
          try {
            await write.mutateAsync(() =>
              signContract(contract.id, contract.terms_version, values.password ?? ''),
            );
          } catch (err) {
            const changed = statusOf(err) === 409 ? fieldErrors(err).terms_version : undefined;
            if (changed) return onTermsChanged(changed);
            throw err;
          }
          onDone();
        }}
      >
        <div className="field" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <input
            id={ids.consent}
            type="checkbox"
            aria-describedby={ids.text}
            style={{ width: 24, minHeight: 24 }}
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
          />
          <label htmlFor={ids.consent} style={{ margin: 0 }}>
            Saya menyetujui pernyataan tanda tangan elektronik di atas
          </label>
        </div>
      </FieldsForm>
    </div>
  );
}
