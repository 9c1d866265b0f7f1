// Readers of the API's envelope, without axios, so that the public pages' plain fetch can use them too.

export interface ListResult<T> {
  data: T[];
  total: number;
  totalPages: number;
}

/**
 * A list answer (docs/API.md): the rows under `data`, with `pagination` when the list is paged; an
 * unpaged list (e.g. the provinces) is all there is.
 */
export function listBody<T>(answer: unknown): ListResult<T> {
  const { data, pagination } = answer as { data: T[]; pagination?: { total: number; totalPages: number } };
  return { data, total: pagination?.total ?? data.length, totalPages: pagination?.totalPages ?? 1 };
}

/** The envelope's `errors` (`[{ field, message }]`) as field → message, the first message of each field. */
export function fieldErrorMap(errors: unknown): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const { field, message } of (errors ?? []) as { field: string; message: string }[])
    if (!(field in byField)) byField[field] = message;
  return byField;
}

/** The envelope's `errors` of a failed call (an axios error), field → message. */
export const fieldErrors = (err: unknown) =>
  fieldErrorMap((err as { response?: { data?: { errors?: unknown } } }).response?.data?.errors);
