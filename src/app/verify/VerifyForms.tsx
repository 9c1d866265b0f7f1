import { useId, useState, type FormEvent } from 'react';
import { FormMessage } from '../account/FormMessage';
import { InputField } from '../account/InputField';

/** The verification code as printed on the PDF (any case, with or without dashes). */
export function CodeForm({ onCheck }: { onCheck: (code: string) => void }) {
  const [code, setCode] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) onCheck(code.trim());
  };
  return (
    <form onSubmit={submit} aria-label="Periksa kode">
      <InputField
        label="Kode verifikasi"
        id={id}
        value={code}
        placeholder="XXXX-XXXX-XXXX-XXXX"
        autoComplete="off"
        onChange={(e) => setCode(e.target.value)}
      />
      <button type="submit" className="btn btn-primary">
        Periksa
      </button>
    </form>
  );
}

/** Compares the hash printed on the PDF with the one of the signed document (the server answers `matches`). */
export function HashForm({
  initial,
  matches,
  onCompare,
}: {
  initial: string;
  matches: boolean | undefined;
  onCompare: (sha256: string) => void;
}) {
  const [hash, setHash] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normalised = hash.replace(/\s+/g, '').toLowerCase();
    const wellFormed = /^[0-9a-f]{64}$/.test(normalised);
    setProblem(wellFormed ? null : 'Hash SHA-256 terdiri dari 64 karakter 0–9 dan a–f.');
    if (wellFormed) onCompare(normalised);
  };
  return (
    <form
      onSubmit={submit}
      aria-label="Cocokkan hash"
      className="card"
      style={{ padding: 24, marginTop: 16 }}
    >
      <p>Tempelkan hash SHA-256 yang tercetak pada PDF untuk memastikan PDF Anda adalah dokumen yang sama.</p>
      <InputField
        label="Hash SHA-256 pada PDF"
        id={id}
        value={hash}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => setHash(e.target.value)}
      />
      <button type="submit" className="btn btn-primary">
        Cocokkan hash
      </button>
      <FormMessage text={problem} />
      {!problem && matches !== undefined && (
        <p role="status" className={matches ? 'alert alert-success' : 'alert'}>
          {matches
            ? 'Hash cocok: PDF ini sama dengan dokumen yang ditandatangani.'
            : 'Hash tidak cocok: PDF ini berbeda dari dokumen yang ditandatangani.'}
        </p>
      )}
    </form>
  );
}
