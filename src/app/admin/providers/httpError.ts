import axios from 'axios';
import { HttpError } from 'react-admin';
import { errorMessage } from '../../api/client';
import { fieldErrorMap } from '../../api/envelope';
import { MESSAGES } from '../../../shared/messages';

/**
 * A failed call as react-admin's HttpError, carrying the server's words (docs/spec-notes.md §8) and the response body
 * (so `body.code` is readable, e.g. INVALID_ROLE). `fallback` replaces the generic MESSAGES.operationFailed.
 */
export function toHttpError(error: unknown, fallback?: string): HttpError {
  if (error instanceof HttpError) return error;
  const response = axios.isAxiosError(error) ? error.response : undefined;
  let message = errorMessage(error);
  if (fallback && message === MESSAGES.operationFailed) message = fallback;
  return new HttpError(message, response?.status ?? 0, withFieldErrors(response?.data));
}

/**
 * The API lists invalid fields as `errors: [{field, message}]`; react-admin's forms read `body.errors` as
 * `{ field: message }` to mark each input, so the list is turned into that shape.
 */
function withFieldErrors(body: unknown) {
  if (!body || typeof body !== 'object') return body ?? null;
  const { errors } = body as { errors?: unknown };
  if (!Array.isArray(errors)) return body;
  const byField: Record<string, unknown> = fieldErrorMap(errors);
  // `root.serverError` is what react-admin notifies instead of its generic 'form invalid' text.
  const { message } = body as { message?: string };
  if (message) byField.root = { serverError: { message } };
  return { ...body, errors: byField };
}

/** Runs a call, rethrowing any failure as an HttpError. */
export async function guarded<T>(call: () => Promise<T>, fallback?: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toHttpError(error, fallback);
  }
}
