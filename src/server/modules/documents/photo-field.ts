import { Type } from 'typebox';
import { MESSAGES } from '../../../shared/messages.js';
import { field, Invalid, oneOf } from '../../http/field-rules.js';
import { UPLOAD_FIELDS } from './fields.js';
import type { Upload } from './service.js';

const D = MESSAGES.delivery;

/** A photo of a contract's money or goods (delivery, payment proof): an image, never a PDF. */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A body's photo `{file_name, mime_type, content_base64}`, each part by the documents' upload rules and the
 * type an image (`imageOnly` otherwise); the service decodes the bytes (documents/service.ts decodeUpload).
 */
export function imagePhoto(imageOnly: string, description: string) {
  const parts = {
    file_name: UPLOAD_FIELDS.file_name,
    mime_type: oneOf(PHOTO_MIME_TYPES, imageOnly),
    content_base64: UPLOAD_FIELDS.content_base64,
  };
  const names = Object.keys(parts) as (keyof typeof parts)[];
  return field(
    Type.Object(Object.fromEntries(names.map((part) => [part, parts[part].schema])), {
      additionalProperties: false,
      required: names,
      description,
    }),
    (value): Upload => {
      if (!isRecord(value)) throw new Invalid(D.photoInvalid);
      const unknown = Object.keys(value).find((key) => !names.includes(key as never));
      if (unknown !== undefined) throw new Invalid(D.photoFieldUnknown(unknown));
      return {
        file_name: parts.file_name.parse(value.file_name, 'file_name'),
        mime_type: parts.mime_type.parse(value.mime_type, 'mime_type'),
        content_base64: parts.content_base64.parse(value.content_base64, 'content_base64'),
      };
    },
  );
}
