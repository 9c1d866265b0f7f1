import { http, unwrap } from '../../api/client';

export type UploadKind = 'ktp' | 'verifikasi_ktp' | 'supporting_documents' | 'loa_file';

const dataUrlOf = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Berkas tidak dapat dibaca'));
    reader.readAsDataURL(file);
  });

/** A file as the API's upload fields: its name, type and bytes as base64. */
export async function uploadBody(file: File) {
  const dataUrl = await dataUrlOf(file);
  return {
    file_name: file.name,
    mime_type: file.type,
    content_base64: dataUrl.slice(dataUrl.indexOf(',') + 1),
  };
}

/** PUT /user/me/documents/{kind} with the file as base64 JSON (docs/API.md "Self-service and documents"). */
export const uploadDocument = async (kind: UploadKind, file: File) =>
  unwrap<{ id: number; url: string }>(await http.put(`/user/me/documents/${kind}`, await uploadBody(file)));
