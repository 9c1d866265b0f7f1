/* Part of MESSAGES (../messages.ts): what the HTTP layer answers about a request as a whole. */

/** Body field names on every route, in the language of the route's other messages (http/body-fields.ts). */
export const bodyFields = {
  id: {
    unknown: (fields: string) => `Kolom tidak dikenal: ${fields}`,
    conflict: (alias: string, field: string) =>
      `${alias} dan ${field} adalah kolom yang sama tetapi berisi nilai berbeda; kirim salah satu saja`,
    bidiControl: (field: string) => `${field} berisi karakter kontrol arah teks yang tidak diizinkan`,
  },
  en: {
    unknown: (fields: string) => `Unknown field: ${fields}`,
    conflict: (alias: string, field: string) =>
      `${alias} and ${field} are the same field but have different values; send only one of them`,
    bidiControl: (field: string) =>
      `${field} contains a text direction control character, which is not allowed`,
  },
} as const;

/** The request body as a whole (before any route looks at it). */
export const body = {
  tooDeep: (max: number) => `Request body is nested too deeply (at most ${max} levels)`,
  deleteHasNoBody: 'DELETE takes no request body',
  notObject: 'Request body must be a JSON object',
} as const;

/** What the HTTP layer answers before or around a route: malformed requests, database refusals. */
export const http = {
  ok: 'OK',
  invalidPart: (where: string) => `Invalid ${where}`,
  invalidField: (where: string, field: string, message: string) => `Invalid ${where}: ${field} ${message}`,
  fieldInvalid: 'is invalid',
  notWholeNumber: 'must be a whole number written in decimal digits',
  notNumber: 'must be a number written in decimal digits',
  invalidJson: 'Request body is not valid JSON',
  bodyTooLarge: 'Request body is too large',
  unsupportedContentType: 'Unsupported Content-Type: send application/json',
  duplicate: 'A record with the same unique value already exists',
  foreignKey: 'The record is referenced by or refers to a record that does not exist',
  outOfRange: 'A value is out of range or malformed',
  unstorableText: 'Text contains a character that cannot be stored',
  concurrentWrite:
    'The change met another one made at the same moment and was not saved (nothing changed). Please try again.',
  internalError: 'Internal server error',
  routeNotFound: (path: string) => `Route ${path} not found`,
  methodNotAllowed: (method: string, path: string) => `Method ${method} is not allowed on ${path}`,
  unknownMethod: 'Unknown HTTP method',
  badPercentEncoding: 'Malformed URL: it contains an invalid percent-encoded sequence',
  urlPartTooLong: 'A part of the URL is too long',
  headTooLarge: 'The request head (URL and headers) is too large',
  requestTimeout: 'The request took too long to arrive',
  malformedRequest: 'Malformed HTTP request',
} as const;
