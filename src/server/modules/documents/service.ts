import { and, asc, eq } from 'drizzle-orm';
import type { DocumentKind } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';
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

/**
 * A document's bytes, for its owner or an admin. Anyone else gets the same 404 as for a missing id,
 * so ids cannot be probed.
 */
export async function readDocument(db: Db, id: number, viewer: AuthUser) {
  const [row] = await db
    .select({ ...metadata, content: documents.content })
    .from(documents)
    .where(and(eq(documents.id, id), viewer.role === 'admin' ? undefined : eq(documents.user_id, viewer.id)));
  if (!row) throw notFound('Document');
  return row;
}

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

/** Decodes and checks an upload: allowed kind for the role and type for the kind, size, magic bytes. */
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
  const compact = upload.content_base64.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) {
    const message = MESSAGES.document.base64Invalid;
    throw validationError(message, [{ field: 'content_base64', message }]);
  }
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length === 0) {
    throw validationError(MESSAGES.document.empty, [
      { field: 'content_base64', message: MESSAGES.document.empty },
    ]);
  }
  if (bytes.length > MAX_DOCUMENT_BYTES) {
    const message = MESSAGES.document.tooLarge(MAX_DOCUMENT_BYTES / 1024 / 1024);
    throw new AppError('PAYLOAD_TOO_LARGE', message, [{ field: 'content_base64', message }]);
  }
  if (!matchesSignature(upload.mime_type, bytes)) {
    const message = MESSAGES.document.contentMismatch(upload.mime_type);
    throw validationError(message, [{ field: 'content_base64', message }]);
  }
  return bytes;
}

/**
 * Replaces the owner's document of `kind` (one per kind). The new document gets a new id, so a URL
 * never shows stale bytes. Replacing a verification document makes the account unverified again.
 */
export async function replaceDocument(db: Db, owner: AuthUser, kind: DocumentKind, upload: Upload) {
  const content = decode(owner, kind, upload);
  return db.transaction(async (tx) => {
    await tx.delete(documents).where(and(eq(documents.user_id, owner.id), eq(documents.kind, kind)));
    const [row] = await tx
      .insert(documents)
      .values({
        user_id: owner.id,
        kind,
        mime_type: upload.mime_type,
        file_name: cleanFileName(upload.file_name),
        size_bytes: content.length,
        content,
      })
      .returning(metadata);
    if (VERIFICATION_KINDS.includes(kind)) {
      await tx
        .update(users)
        .set({ status_verifikasi: false, updated_at: new Date() })
        .where(eq(users.id, owner.id));
    }
    return { ...row!, url: documentUrl(row!.id) };
  });
}
