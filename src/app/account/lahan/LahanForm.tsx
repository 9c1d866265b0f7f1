import { useId, useRef, useState, type FormEvent } from 'react';
import { LUAS_LAHAN_MAX } from '../../../shared/constants';
import { MESSAGES } from '../../../shared/messages';
import { errorMessage } from '../../api/client';
import { fieldErrors } from '../../api/envelope';
import { boundaryProblem, type Gps } from '../../map/boundary';
import { BoundaryField } from '../../map/BoundaryField';
import type { MyLahan } from '../api';
import { fieldDescription, FieldNotes } from '../FieldNotes';
import { FormMessage } from '../FormMessage';
import { InputField } from '../InputField';
import { SelectField } from '../SelectField';
import { useFocusFirstError } from '../useFocusFirstError';
import { isStoredPhoto, type LahanChanges } from './api';
import { LahanPhotos, photoProblem, PHOTOS_MAX, type Photo } from './LahanPhotos';
import { LocationPicker } from './LocationPicker';
import { useLandCategories, useSaveLahan } from './queries';

const M = MESSAGES.lahan;
type Values = Record<
  'nama_lahan' | 'luas_lahan' | 'address_lahan' | 'location_id' | 'category_id' | 'photos',
  string
>;

const valuesOf = (lahan?: MyLahan): Values => ({
  nama_lahan: lahan?.nama_lahan ?? '',
  luas_lahan: lahan ? String(lahan.luas_lahan) : '',
  address_lahan: lahan?.address_lahan ?? '',
  location_id: lahan?.location_id ? String(lahan.location_id) : '',
  category_id: lahan?.category_id ? String(lahan.category_id) : '',
  photos: (lahan?.url_image ?? []).filter((url) => !isStoredPhoto(url)).join('\n'),
});

const storedPhotos = (lahan?: MyLahan): Photo[] =>
  (lahan?.url_image ?? []).filter(isStoredPhoto).map((url) => ({ kind: 'stored', url }));

const luasOf = (values: Values) => Number(values.luas_lahan.replace(',', '.'));

/** The browser's checks, with the server's messages; the server checks again (and that the choices exist). */
function problemsOf(values: Values, gps: Gps, locationOptional: boolean) {
  const problems: Record<string, string> = {};
  const luas = luasOf(values);
  if (!values.nama_lahan.trim()) problems.nama_lahan = M.namaRequired;
  if (!values.luas_lahan.trim() || !Number.isFinite(luas) || luas <= 0) problems.luas_lahan = M.luasInvalid;
  else if (luas > LUAS_LAHAN_MAX) problems.luas_lahan = M.luasTooLarge;
  if (!values.address_lahan.trim()) problems.address_lahan = M.addressRequired;
  if (!locationOptional && !values.location_id) problems.location_id = M.locationRequired;
  if (!values.category_id) problems.category_id = M.categoryRequired;
  const boundary = gps?.type === 'Polygon' ? boundaryProblem(gps) : undefined;
  if (boundary) problems.gps = boundary;
  return problems;
}

const photoList = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** "Tambah lahan" (POST /lahan) or editing one of the petani's lahan (PUT /lahan/{id} with what changed). */
export function LahanForm({
  lahan,
  onSaved,
  onCancel,
}: {
  lahan?: MyLahan;
  onSaved: (message: string) => void;
  onCancel: () => void;
}) {
  const editing = Boolean(lahan);
  const [values, setValues] = useState<Values>(() => valuesOf(lahan));
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  const [summary, setSummary] = useState<string | null>(null);
  const [photos, setPhotos] = useState<Photo[]>(() => storedPhotos(lahan));
  const [photoError, setPhotoError] = useState<string>();
  const [gps, setGps] = useState<Gps>(lahan?.gps ?? null);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  useFocusFirstError(form, errors);

  const categories = useLandCategories();
  const save = useSaveLahan();
  // Busy from the click until the form closes (the list is read again in between).
  const saving = save.isPending || save.isSuccess;

  const set = (name: keyof Values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  const addPhotos = (files: File[]) => {
    const problem = files.map(photoProblem).find(Boolean);
    const room = PHOTOS_MAX - photos.length - photoList(values.photos).length;
    const fitting = files.filter((f) => !photoProblem(f)).slice(0, Math.max(room, 0));
    setPhotos((p) => [...p, ...fitting.map((file): Photo => ({ kind: 'new', file }))]);
    setPhotoError(
      problem ?? (fitting.length < files.length ? `Paling banyak ${PHOTOS_MAX} foto per lahan.` : undefined),
    );
  };
  const removePhoto = (photo: Photo) => setPhotos((p) => p.filter((x) => x !== photo));
  // A new shape is checked at once, under the map; the server's refusal of the old one no longer applies.
  const changeGps = (next: Gps) => {
    setGps(next);
    const problem = next?.type === 'Polygon' ? boundaryProblem(next) : undefined;
    setErrors((e) => {
      const { gps: _old, ...rest } = e ?? {};
      return problem ? { ...rest, gps: problem } : e && rest;
    });
  };
  const gpsChanged = JSON.stringify(gps) !== JSON.stringify(lahan?.gps ?? null);

  const kept = new Set(photos.flatMap((p) => (p.kind === 'stored' ? [p.url] : [])));
  const removed = storedPhotos(lahan).flatMap((p) =>
    p.kind === 'stored' && !kept.has(p.url) ? [p.url] : [],
  );
  const added = photos.flatMap((p) => (p.kind === 'new' ? [p.file] : []));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A lahan saved without a place (by an admin, or before places existed) may keep it that way.
    const problems = problemsOf(values, gps, editing && !lahan?.location_id);
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      return setSummary('Periksa kembali kolom yang ditandai.');
    }
    const all: LahanChanges = {
      nama_lahan: values.nama_lahan.trim(),
      luas_lahan: luasOf(values),
      address_lahan: values.address_lahan.trim(),
      location_id: Number(values.location_id),
      category_id: Number(values.category_id),
      url_image: [
        ...photoList(values.photos),
        ...photos.flatMap((p) => (p.kind === 'stored' ? [p.url] : [])),
      ],
      gps,
    };
    const before = { ...valuesOf(lahan), photos: (lahan?.url_image ?? []).join('\n') };
    const photosNow = all.url_image.join('\n');
    const changes = editing
      ? (Object.fromEntries(
          Object.entries(all).filter(([name]) =>
            name === 'url_image'
              ? photosNow !== before.photos
              : name === 'gps'
                ? gpsChanged
                : values[name as keyof Values] !== before[name as keyof Values],
          ),
        ) as Partial<LahanChanges>)
      : all;
    setErrors(null);
    setSummary(null);
    try {
      const failures = await save.mutateAsync({ id: lahan?.id, changes, removed, added });
      const done = lahan
        ? `Lahan ${all.nama_lahan} disimpan.`
        : `Lahan ${all.nama_lahan} ditambahkan dan menunggu verifikasi admin.`;
      onSaved(failures.length ? `${done} Foto belum tersimpan: ${failures.join('; ')}` : done);
    } catch (err) {
      setErrors(fieldErrors(err));
      setSummary(errorMessage(err));
    }
  };

  const photosId = `${id}-photos`;
  const photosHint = 'Satu alamat foto (https://…) per baris, paling banyak 10.';
  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-label={editing ? `Ubah lahan ${lahan?.nama_lahan}` : 'Tambah lahan'}
    >
      <h3>{editing ? `Ubah lahan ${lahan?.nama_lahan}` : 'Tambah lahan'}</h3>
      <InputField
        label="Nama lahan"
        id={`${id}-nama`}
        value={values.nama_lahan}
        error={errors?.nama_lahan}
        onChange={(e) => set('nama_lahan')(e.target.value)}
      />
      <InputField
        label="Luas (m²)"
        id={`${id}-luas`}
        inputMode="decimal"
        hint="1 hektare = 10.000 m²"
        value={values.luas_lahan}
        error={errors?.luas_lahan}
        onChange={(e) => set('luas_lahan')(e.target.value)}
      />
      <InputField
        label="Alamat lahan"
        id={`${id}-alamat`}
        autoComplete="off"
        value={values.address_lahan}
        error={errors?.address_lahan}
        onChange={(e) => set('address_lahan')(e.target.value)}
      />
      <LocationPicker
        idPrefix={`${id}-lokasi`}
        value={values.location_id}
        onChange={set('location_id')}
        error={errors?.location_id}
        place={lahan}
      />
      <SelectField
        label="Kategori lahan"
        id={`${id}-kategori`}
        placeholder="Pilih kategori"
        choices={categories.data ?? []}
        value={values.category_id}
        error={errors?.category_id}
        onChange={(e) => set('category_id')(e.target.value)}
      />
      <LahanPhotos
        photos={photos}
        onAdd={addPhotos}
        onRemove={removePhoto}
        error={photoError}
        disabled={saving}
      />
      <div className="field">
        <label htmlFor={photosId}>Alamat foto di internet (opsional)</label>
        <textarea
          id={photosId}
          rows={3}
          {...fieldDescription(photosId, photosHint, errors?.url_image)}
          value={values.photos}
          onChange={(e) => set('photos')(e.target.value)}
        />
        <FieldNotes id={photosId} hint={photosHint} error={errors?.url_image} />
      </div>
      <BoundaryField
        id={`${id}-batas`}
        value={gps}
        onChange={changeGps}
        declaredArea={luasOf(values) || undefined}
        saved={lahan && { gps: lahan.gps ?? null, luas_terukur: lahan.luas_terukur ?? null }}
        error={errors?.gps}
        disabled={saving}
      />
      <FormMessage text={summary ?? (categories.error && errorMessage(categories.error))} />
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? 'Menyimpan...' : editing ? 'Simpan lahan' : 'Tambah lahan'}
        </button>
        <button type="button" className="btn btn-outline" onClick={onCancel} disabled={saving}>
          Batal
        </button>
      </div>
    </form>
  );
}

/** For LahanSection's lazy import: the form carries the map and the photo tools. */
export default LahanForm;
