import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { DocumentKind } from '../../../shared/constants.js';
import type { Db, Tx } from '../../db/engine/client.js';
import { documents, users } from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import { AppError, notFound, validationError } from '../../http/errors.js';
import {
  KINDS_BY_ROLE,
  matchesSignature,
  MAX_DOCUMENT_BYTES,
  mimeAllowedFor,
  VERIFICATION_KINDS,
  type UploadMimeType,
} from './file-types.js';
import { documentUrl } from './url.js';
import { MESSAGES } from '../../../shared/messages.js';

const metadata = {
  id: documents.id,
  kind: documents.kind,
  file_name: documents.file_name,
  mime_type: documents.mime_type,
  size_bytes: documents.size_bytes,
  created_at: documents.created_at,
};

/** A stored document with its bytes, found by `where`; whoever may read it is the caller's business. */
export async function readStoredDocument(db: Db, where: SQL | undefined, label = 'Document') {
  const [row] = await db
    .select({ ...metadata, content: documents.content })
    .from(documents)
    .where(where);
  if (!row) throw notFound(label);
  return row;
}

/**
 * A document's bytes, for its owner or an admin. Anyone else gets the same 404 as for a missing id,
 * so ids cannot be probed.
 */
export const readDocument = (db: Db, id: number, viewer: AuthUser) =>
  readStoredDocument(
    db,
    and(eq(documents.id, id), viewer.role === 'admin' ? undefined : eq(documents.user_id, viewer.id)),
  );

/** Metadata (never the bytes) of a user's documents, with their URLs. */
export async function listDocuments(db: Db, userId: number) {
  const rows = await db
    .select(metadata)
    .from(documents)
    .where(eq(documents.user_id, userId))
    .orderBy(asc(documents.kind));
  return rows.map((row) => ({ ...row, url: documentUrl(row.id) }));
}

export interface Upload {
  file_name: string;
  mime_type: UploadMimeType;
  content_base64: string;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The last path segment, without control characters or quotes (it goes into Content-Disposition). */
const cleanFileName = (name: string) =>
  name
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim() || 'dokumen';

/**
 * Decodes an upload and checks its size and magic bytes against its type; the errors name the fields under
 * `prefix` (`photo.` for a delivery photo).
 */
export function decodeUpload(upload: Upload, prefix = ''): Uint8Array {
  const fail = (
    message: string,
    field = 'content_base64',
    code: 'VALIDATION_ERROR' | 'PAYLOAD_TOO_LARGE' = 'VALIDATION_ERROR',
  ) => new AppError(code, message, [{ field: `${prefix}${field}`, message }]);
  const compact = upload.content_base64.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) throw fail(MESSAGES.document.base64Invalid);
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length === 0) throw fail(MESSAGES.document.empty);
  if (bytes.length > MAX_DOCUMENT_BYTES)
    throw fail(MESSAGES.document.tooLarge(MAX_DOCUMENT_BYTES / 1024 / 1024), undefined, 'PAYLOAD_TOO_LARGE');
  if (!matchesSignature(upload.mime_type, bytes))
    throw fail(MESSAGES.document.contentMismatch(upload.mime_type));
  return bytes;
}

/** Checks an upload for a personal document: allowed kind for the role and type for the kind, then its content. */
function decode(owner: AuthUser, kind: DocumentKind, upload: Upload): Uint8Array {
  if (!KINDS_BY_ROLE[owner.role].includes(kind)) {
    throw validationError(MESSAGES.document.notForRole(kind, owner.role), [
      {
        field: 'kind',
        message: MESSAGES.document.kindsForRole(owner.role, KINDS_BY_ROLE[owner.role].join(', ')),
      },
    ]);
  }
  if (!mimeAllowedFor(kind, upload.mime_type)) {
    const message = MESSAGES.document.pdfOnlyForLoa;
    throw validationError(message, [{ field: 'mime_type', message }]);
  }
  return decodeUpload(upload);
}

/** Stores a decoded upload as a document of `ownerId`; answers its metadata. */
export async function insertDocument(
  tx: Tx,
  ownerId: number,
  kind: DocumentKind,
  upload: Upload,
  content: Uint8Array,
) {
  const [row] = await tx
    .insert(documents)
    .values({
      user_id: ownerId,
      kind,
      mime_type: upload.mime_type,
      file_name: cleanFileName(upload.file_name),
      size_bytes: content.length,
      content,
    })
    .returning(metadata);
  return row!;
}

/**
 * Replaces the owner's document of `kind` (one per kind). The new document gets a new id, so a URL
 * never shows stale bytes. Replacing a verification document makes the account unverified again.
 */
export async function replaceDocument(db: Db, owner: AuthUser, kind: DocumentKind, upload: Upload) {
  const content = decode(owner, kind, upload);
  return db.transaction(async (tx) => {
    await tx.delete(documents).where(and(eq(documents.user_id, owner.id), eq(documents.kind, kind)));
    const row = await insertDocument(tx, owner.id, kind, upload, content);
    if (VERIFICATION_KINDS.includes(kind)) {
      await tx
        .update(users)
        .set({ status_verifikasi: false, updated_at: new Date() })
        .where(eq(users.id, owner.id));
    }
    return { ...row, url: documentUrl(row.id) };
  });
}
