import axios from 'axios';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { errorMessage } from '../api/client';
import { AccountShell } from '../account/AccountShell';
import { FormMessage } from '../account/FormMessage';
import { verificationKey, verifyCode, verifyPdf } from './api';
import { CodeForm, PdfForm } from './VerifyForms';
import { VerificationResult } from './VerificationResult';

const notFound = (err: unknown) => axios.isAxiosError(err) && err.response?.status === 404;

/**
 * /verifikasi/{code}: anyone (no sign-in) checks the code printed on a contract's PDF — the record's verdict and
 * the signed terms to compare with the paper — and may upload the PDF itself, which the server accepts only when
 * its embedded signature is valid and it is this contract's current signed document. /verifikasi asks for the code.
 */
export default function VerifyPage() {
  const { code } = useParams();
  const navigate = useNavigate();
  const record = useQuery({
    queryKey: verificationKey(code ?? ''),
    queryFn: () => verifyCode(code!),
    enabled: Boolean(code),
  });
  // The PDF's check answers for its own code only; another code shows that code's record.
  const upload = useMutation({
    mutationFn: ({ code, file }: { code: string; file: File }) => verifyPdf(code, file),
  });
  const uploaded = upload.variables?.code === code ? upload : null;
  const result = uploaded?.data ?? record.data;

  const check = (next: string) => navigate(`/verifikasi/${encodeURIComponent(next)}`);
  const checkPdf = (file: File) => code && upload.mutate({ code, file });

  return (
    <AccountShell title="Verifikasi Kontrak">
      <h1>Verifikasi Kontrak</h1>
      {!code && (
        <>
          <p>Masukkan kode verifikasi yang tercetak pada PDF kontrak untuk memeriksa keasliannya.</p>
          <CodeForm onCheck={check} />
        </>
      )}
      {code && record.isPending && <p className="notice">Memeriksa kode {code}…</p>}
      {code && record.isError && !notFound(record.error) && <FormMessage text={errorMessage(record.error)} />}
      {code && record.isError && notFound(record.error) && (
        <div className="card" style={{ padding: 24 }}>
          <h2 style={{ marginTop: 0 }}>Kode tidak ditemukan</h2>
          <p>
            Tidak ada kontrak dengan kode <code>{code}</code>. Periksa kembali kode pada PDF kontrak.
          </p>
          <CodeForm onCheck={check} />
        </div>
      )}
      {code && result && (
        <>
          <VerificationResult result={result} />
          <PdfForm
            busy={uploaded?.isPending ?? false}
            problem={uploaded?.isError ? errorMessage(uploaded.error) : null}
            onCheck={checkPdf}
          />
        </>
      )}
    </AccountShell>
  );
}
