import axios from 'axios';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { CONTRACT_STATUS_LABEL } from '../../shared/statusLabels';
import { errorMessage } from '../api/client';
import { verifyDocument } from '../account/contracts/api';
import type { Verification } from '../account/contracts/types';
import { AccountShell } from '../account/AccountShell';
import { FormMessage } from '../account/FormMessage';
import { CodeForm, HashForm } from './VerifyForms';
import { VerificationResult } from './VerificationResult';

type State =
  | { kind: 'loading' }
  | { kind: 'found'; result: Verification }
  | { kind: 'missing' }
  | { kind: 'error'; message: string };

/**
 * /verifikasi/{code}: anyone (no sign-in) checks a contract's verification code from its PDF — whether the
 * signed document is authentic and unchanged — and may compare the SHA-256 printed on the PDF (`?sha256=`).
 * /verifikasi alone asks for the code.
 */
export default function VerifyPage() {
  const { code } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const sha256 = params.get('sha256') ?? undefined;
  // The answer to the request `key` (code and hash); another key means its answer is still coming.
  const key = `${code ?? ''} ${sha256 ?? ''}`;
  const [answer, setAnswer] = useState<{ key: string; state: State } | null>(null);
  const state: State = answer?.key === key ? answer.state : { kind: 'loading' };

  useEffect(() => {
    if (!code) return;
    let live = true;
    const settle = (next: State) => live && setAnswer({ key: `${code} ${sha256 ?? ''}`, state: next });
    verifyDocument(code, sha256).then(
      (result) => settle({ kind: 'found', result }),
      (err: unknown) =>
        settle(
          axios.isAxiosError(err) && err.response?.status === 404
            ? { kind: 'missing' }
            : { kind: 'error', message: errorMessage(err) },
        ),
    );
    return () => {
      live = false;
    };
  }, [code, sha256]);

  const check = (next: string) => navigate(`/verifikasi/${encodeURIComponent(next)}`);

  return (
    <AccountShell title="Verifikasi Kontrak">
      <h1>Verifikasi Kontrak</h1>
      {!code && (
        <>
          <p>Masukkan kode verifikasi yang tercetak pada PDF kontrak untuk memeriksa keasliannya.</p>
          <CodeForm onCheck={check} />
        </>
      )}
      {code && state.kind === 'loading' && <p className="notice">Memeriksa kode {code}…</p>}
      {code && state.kind === 'error' && <FormMessage text={state.message} />}
      {code && state.kind === 'missing' && (
        <div className="card" style={{ padding: 24 }}>
          <h2 style={{ marginTop: 0 }}>Kode tidak ditemukan</h2>
          <p>
            Tidak ada kontrak dengan kode <code>{code}</code>. Periksa kembali kode pada PDF kontrak.
          </p>
          <CodeForm onCheck={check} />
        </div>
      )}
      {code && state.kind === 'found' && (
        <>
          <VerificationResult
            result={state.result}
            statusLabel={CONTRACT_STATUS_LABEL[state.result.status] ?? state.result.status}
          />
          <HashForm
            initial={sha256 ?? ''}
            matches={state.result.matches}
            onCompare={(hash) => setParams(hash ? { sha256: hash } : {})}
          />
        </>
      )}
    </AccountShell>
  );
}
