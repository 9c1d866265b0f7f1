// Readers of the API's envelope, without axios, so that the public pages' plain fetch can use them too.
// They read every shape the specification names (docs/spec-notes.md §3, §7, §8), not only the one our
// server sends, so the panel keeps working behind a proxy or an older API that answers the spec's way.

export interface ListResult<T> {
  data: T[];
  total: number;
  totalPages: number;
}

type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const isBody = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A paged list (docs/spec-notes.md §3): the array itself, or under `data` or `items` (also one level down,
 * `data.data` / `data.items`), with `pagination.total` / `totalPages` when paged; without them the rows
 * are all there is.
 */
export function listBody<T>(answer: unknown): ListResult<T> {
  const body = isBody(answer) ? answer : {};
  const inner = isBody(body.data) ? body.data : {};
  const candidates = Array.isArray(answer) ? [answer] : [body.data, body.items, inner.data, inner.items];
  const data = (candidates.find(Array.isArray) ?? []) as T[];
  const meta: Body | undefined = isBody(body.pagination)
    ? body.pagination
    : isBody(inner.pagination)
      ? inner.pagination
      : undefined;
  const total = typeof meta?.total === 'number' ? meta.total : data.length;
  const limit = typeof meta?.limit === 'number' && meta.limit > 0 ? meta.limit : Math.max(data.length, 1);
  const totalPages =
    typeof meta?.totalPages === 'number' ? meta.totalPages : Math.max(1, Math.ceil(total / limit));
  return { data, total, totalPages };
}

/** The payload of an answer body: `data.data`, falling back to `data` itself (docs/spec-notes.md §7). */
export function payload<T>(body: unknown): T {
  return (isBody(body) && 'data' in body ? body.data : body) as T;
}

/**
 * The envelope's `errors` as field → message (the first message of each field), from the API's list
 * `[{ field, message }]` or an already keyed object `{ field: message }`; anything else reads as none.
 */
export function fieldErrorMap(errors: unknown): Record<string, string> {
  const byField: Record<string, string> = {};
  const pairs: unknown[][] = Array.isArray(errors)
    ? errors.map((error) => (isBody(error) ? [error.field, error.message] : []))
    : isBody(errors)
      ? Object.entries(errors)
      : [];
  for (const [field, message] of pairs)
    if (typeof field === 'string' && field && typeof message === 'string' && message && !(field in byField))
      byField[field] = message;
  return byField;
}

/** The envelope's `errors` of a failed call (an axios error), field → message. */
export const fieldErrors = (err: unknown) =>
  fieldErrorMap((err as { response?: { data?: { errors?: unknown } } }).response?.data?.errors);
