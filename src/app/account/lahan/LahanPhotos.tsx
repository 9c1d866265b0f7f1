import { useEffect, useId, useState } from 'react';
import { MESSAGES } from '../../../shared/messages';
import { fieldDescription, FieldNotes } from '../FieldNotes';
import { useLahanPhoto } from './queries';
import './photos.css';

/** What the server stores as a lahan photo (documents/file-types.ts, lahan/photos.ts). */
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_MB = 5;
export const PHOTOS_MAX = 10;
const HINT = `Ambil foto dengan kamera atau pilih dari galeri: JPEG, PNG atau WebP, paling besar ${MAX_MB} MB, paling banyak ${PHOTOS_MAX} foto.`;

/** Why `file` cannot be a lahan photo, or undefined when it can. */
export function photoProblem(file: File) {
  if (!PHOTO_TYPES.includes(file.type))
    return `${file.name}: jenis berkas tidak didukung. Pilih foto JPEG, PNG atau WebP.`;
  if (file.size > MAX_MB * 1024 * 1024) return `${file.name}: ${MESSAGES.document.tooLarge(MAX_MB)}`;
  return undefined;
}

export type Photo = { kind: 'stored'; url: string } | { kind: 'new'; file: File };

/** A `data:` URL of the bytes (read through arrayBuffer, which every Blob of the page and of its fetch has). */
async function dataUrlOf(blob: Blob) {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${blob.type};base64,${btoa(binary)}`;
}

/**
 * A photo as a data URL to show: an uploaded one read with the session (it has no public address, and is read
 * once per page through react-query), a chosen file from the device. A failure leaves the thumbnail empty; its
 * label and remove button remain.
 */
function usePhotoSource(source: string | File) {
  const stored = useLahanPhoto(typeof source === 'string' ? source : null);
  const blob = typeof source === 'string' ? stored.data : source;
  const [src, setSrc] = useState<{ blob: Blob; url: string }>();
  useEffect(() => {
    if (!blob) return;
    let live = true;
    dataUrlOf(blob)
      .then((url) => live && setSrc({ blob, url }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [blob]);
  return src && src.blob === blob ? src.url : undefined;
}

function Thumbnail({ source, label }: { source: string | File; label: string }) {
  const src = usePhotoSource(source);
  return src ? <img src={src} alt={label} /> : <span role="img" aria-label={label} />;
}

/**
 * The lahan's photos as thumbnails, each with its remove button, and the camera/gallery picker. Uploaded ones
 * come from the server; new ones wait for the form's submit.
 */
export function LahanPhotos({
  photos,
  onAdd,
  onRemove,
  error,
  disabled,
}: {
  photos: Photo[];
  onAdd: (files: File[]) => void;
  onRemove: (photo: Photo) => void;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const inputId = `${id}-foto`;
  return (
    <div className="field">
      <label htmlFor={inputId}>Foto lahan (opsional)</label>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        disabled={disabled || photos.length >= PHOTOS_MAX}
        {...fieldDescription(inputId, HINT, error)}
        onChange={(e) => {
          onAdd([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <FieldNotes id={inputId} hint={HINT} error={error} />
      {photos.length > 0 && (
        <ul className="lahan-photos" aria-label="Foto lahan">
          {photos.map((photo, i) => {
            const label = `Foto ${i + 1}${photo.kind === 'new' ? ` (${photo.file.name}, belum diunggah)` : ''}`;
            return (
              <li key={photo.kind === 'stored' ? photo.url : `${photo.file.name}-${i}`}>
                <Thumbnail source={photo.kind === 'stored' ? photo.url : photo.file} label={label} />
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={disabled}
                  onClick={() => onRemove(photo)}
                  aria-label={`Hapus foto ${i + 1}`}
                >
                  Hapus
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
