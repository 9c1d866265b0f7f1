import { useId, useRef, useState, type FormEvent } from 'react';
import { document as documentTexts } from '../../../shared/messages/account';
import { errorMessage } from '../../api/client';
import { fieldErrors } from '../../api/envelope';
import { FormMessage } from '../FormMessage';
import { InputField } from '../InputField';
import { useUploadDocument } from '../queries';
import type { UploadKind } from './api';

/** The server's limit of one document (documents/file-types.ts). */
const MAX_MB = 5;

export interface DocumentSpec {
  kind: UploadKind;
  label: string;
  hint: string;
  accept: string[];
}

/** One document's card: whether it is there, and a form to upload or replace it. */
export function DocumentUpload({ spec, uploaded }: { spec: DocumentSpec; uploaded: boolean }) {
  const upload = useUploadDocument();
  const [error, setError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const headingId = `${id}-heading`;

  const fail = (text: string) => {
    setError(text);
    input.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const file = input.current?.files?.[0];
    if (!file) return fail('Pilih berkas terlebih dahulu.');
    if (!spec.accept.includes(file.type)) return fail(`Jenis berkas tidak didukung. ${spec.hint}`);
    if (file.size > MAX_MB * 1024 * 1024) return fail(documentTexts.tooLarge(MAX_MB));
    setError(undefined);
    setBusy(true);
    try {
      await upload.mutateAsync({ kind: spec.kind, file });
      if (input.current) input.current.value = '';
      setDone(`${spec.label} tersimpan. Admin akan memeriksanya.`);
    } catch (err) {
      const fields = fieldErrors(err);
      fail(Object.values(fields)[0] ?? errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li>
      <h3 id={headingId}>{spec.label}</h3>
      <p>
        <span className="status-chip">{uploaded ? 'Sudah diunggah' : 'Belum diunggah'}</span>
      </p>
      <form onSubmit={submit} noValidate aria-labelledby={headingId}>
        <InputField
          ref={input}
          label={uploaded ? `Ganti berkas ${spec.label}` : `Berkas ${spec.label}`}
          id={`${id}-file`}
          type="file"
          accept={spec.accept.join(',')}
          hint={spec.hint}
          error={error}
          disabled={busy}
          onChange={() => setError(undefined)}
        />
        <FormMessage text={done} success />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Mengunggah...' : `Unggah ${spec.label}`}
        </button>
      </form>
    </li>
  );
}
