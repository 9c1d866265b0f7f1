import { useId, useState, type FormEvent } from 'react';
import { FormMessage } from '../account/FormMessage';
import { InputField } from '../account/InputField';

/** The code as printed on the paper (any case, with or without dashes): a contract's verification code by default. */
export function CodeForm({
  onCheck,
  name = 'Periksa kode',
  label = 'Kode verifikasi',
  placeholder = 'XXXX-XXXX-XXXX-XXXX',
  submit: submitLabel = 'Periksa',
}: {
  onCheck: (code: string) => void;
  name?: string;
  label?: string;
  placeholder?: string;
  submit?: string;
}) {
  const [code, setCode] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) onCheck(code.trim());
  };
  return (
    <form onSubmit={submit} aria-label={name}>
      <InputField
        label={label}
        id={id}
        value={code}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(e) => setCode(e.target.value)}
      />
      <button type="submit" className="btn btn-primary">
        {submitLabel}
      </button>
    </form>
  );
}

/** The PDF a reader holds, checked by the server: its embedded signature, and that it is this contract's. */
export function PdfForm({
  busy,
  problem: refused,
  onCheck,
}: {
  busy: boolean;
  /** Why the server could not check the file (too large, not a PDF, too many checks). */
  problem: string | null;
  onCheck: (file: File) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = (event.currentTarget.elements.namedItem('pdf') as HTMLInputElement).files?.[0];
    setProblem(file ? null : 'Pilih berkas PDF kontrak terlebih dahulu.');
    if (file) onCheck(file);
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Periksa berkas PDF"
      className="card"
      style={{ padding: 24, marginTop: 16 }}
    >
      <p>
        Punya berkas PDF kontrak ini? Unggah untuk memeriksa tanda tangan digitalnya: setiap perubahan pada
        berkas, sekecil apa pun, membuatnya tidak cocok.
      </p>
      <InputField label="Berkas PDF kontrak" id={id} name="pdf" type="file" accept="application/pdf,.pdf" />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Memeriksa…' : 'Periksa PDF'}
      </button>
      <FormMessage text={problem ?? refused} />
    </form>
  );
}
