// Readers of the API's envelope, without axios, so that the public pages' plain fetch can use them too.

export interface ListResult<T> {
  data: T[];
  total: number;
  totalPages: number;
}

/** A paged list: the array directly, under `data` or `items`, with `pagination.total` / `totalPages` (docs/spec-notes.md §3). */
export function listBody<T>(answer: unknown): ListResult<T> {
  const body = answer as Record<string, any> | unknown[]; // eslint-disable-line @typescript-eslint/no-explicit-any
  const candidates = Array.isArray(body)
    ? [body]
    : [body?.data, body?.items, body?.data?.data, body?.data?.items];
  const data = (candidates.find(Array.isArray) ?? []) as T[];
  const meta = Array.isArray(body) ? undefined : (body?.pagination ?? body?.data?.pagination);
  const total = typeof meta?.total === 'number' ? meta.total : data.length;
  const limit = typeof meta?.limit === 'number' && meta.limit > 0 ? meta.limit : Math.max(data.length, 1);
  const totalPages =
    typeof meta?.totalPages === 'number' ? meta.totalPages : Math.max(1, Math.ceil(total / limit));
  return { data, total, totalPages };
}

/**
 * The envelope's `errors` as field → message (the first message of each field), from the API's list
 * `[{ field, message }]` or an already keyed object.
 */
export function fieldErrorMap(errors: unknown): Record<string, string> {
  if (Array.isArray(errors)) {
    const byField: Record<string, string> = {};
    for (const error of errors as { field?: unknown; message?: unknown }[]) {
      const { field, message } = error ?? {};
      if (typeof field === 'string' && field && typeof message === 'string' && message && !(field in byField))
        byField[field] = message;
    }
    return byField;
  }
  return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
}
