import { useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../api/client';
import { FormMessage } from './FormMessage';
import { InputField } from './InputField';
import { useDeleteAccount } from './queries';

/** Permanent deletion (DELETE /user/me {password}): the password and an explicit acknowledgement confirm it. */
export function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = { password: useId(), understood: useId() };
  const remove = useDeleteAccount();

  if (!open) {
    return (
      <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
        Hapus Akun Permanen
      </button>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Masukkan password Anda untuk konfirmasi.');
    setBusy(true);
    setError(null);
    try {
      await remove.mutateAsync(password);
      onDeleted();
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Konfirmasi hapus akun">
      <p className="alert" role="alert">
        Akun Anda, profil, dokumen verifikasi dan lahan akan dihapus permanen dan tidak dapat dipulihkan.
        Kontrak tetap tersimpan untuk pihak lain tanpa nama Anda. Unduh data Anda terlebih dahulu bila perlu.
      </p>
      <FormMessage text={error} />
      <InputField
        label="Password"
        id={ids.password}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="field" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <input
          id={ids.understood}
          type="checkbox"
          style={{ width: 24, minHeight: 24 }}
          checked={understood}
          onChange={(e) => setUnderstood(e.target.checked)}
        />
        <label htmlFor={ids.understood} style={{ margin: 0 }}>
          Saya mengerti bahwa penghapusan ini permanen
        </label>
      </div>
      <div className="actions" style={{ marginTop: 0 }}>
        <button type="submit" className="btn btn-danger" disabled={!understood || busy}>
          {busy ? 'Menghapus...' : 'Ya, Hapus Akun Saya'}
        </button>
        <button type="button" className="btn btn-outline" onClick={() => setOpen(false)}>
          Batal
        </button>
      </div>
    </form>
  );
}
