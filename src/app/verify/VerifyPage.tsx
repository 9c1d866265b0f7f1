import axios from 'axios';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../api/client';
import { AccountShell } from '../account/AccountShell';
import { FormMessage } from '../account/FormMessage';
import { verifyCode, verifyPdf } from './api';
import type { Verification } from './types';
import { CodeForm, PdfForm } from './VerifyForms';
import { VerificationResult } from './VerificationResult';

type State =
  | { kind: 'loading' }
  | { kind: 'found'; result: Verification }
  | { kind: 'missing' }
  | { kind: 'error'; message: string };

const settled = (err: unknown): State =>
  axios.isAxiosError(err) && err.response?.status === 404
    ? { kind: 'missing' }
    : { kind: 'error', message: errorMessage(err) };

/**
 * /verifikasi/{code}: anyone (no sign-in) checks the code printed on a contract's PDF — the record's verdict and
 * the signed terms to compare with the paper — and may upload the PDF itself, which the server accepts only when
 * its embedded signature is valid and it is this contract's current signed document. /verifikasi asks for the code.
 */
export default function VerifyPage() {
  const { code } = useParams();
  const navigate = useNavigate();
  // The answer for `code`; another code means its answer is still coming.
  const [answer, setAnswer] = useState<{ code: string; state: State } | null>(null);
  const [checking, setChecking] = useState(false);
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const state: State = answer && answer.code === code ? answer.state : { kind: 'loading' };

  useEffect(() => {
    if (!code) return;
    let live = true;
    const settle = (next: State) => live && setAnswer({ code, state: next });
    verifyCode(code).then(
      (result) => settle({ kind: 'found', result }),
      (err: unknown) => settle(settled(err)),
    );
    return () => {
      live = false;
    };
  }, [code]);

  const check = (next: string) => navigate(`/verifikasi/${encodeURIComponent(next)}`);
  const checkPdf = (file: File) => {
    if (!code) return;
    setChecking(true);
    setUploadProblem(null);
    verifyPdf(code, file)
      .then(
        (result) => setAnswer({ code, state: { kind: 'found', result } }),
        (err: unknown) => setUploadProblem(errorMessage(err)),
      )
      .finally(() => setChecking(false));
  };

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
          <VerificationResult result={state.result} />
          <PdfForm busy={checking} problem={uploadProblem} onCheck={checkPdf} />
        </>
      )}
    </AccountShell>
  );
}
