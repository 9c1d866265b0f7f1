import { MESSAGES } from '../../shared/messages.js';

/** The success half of the API contract (docs/API.md). */

export interface Pagination {
  page: number;
  limit: number;
  /** At most COUNT_CAP (db/lists/list-spec.ts) when not `totalExact`. */
  total: number;
  totalPages: number;
  /** False when a search or free filter found more than COUNT_CAP rows: `total` is then the cap. */
  totalExact: boolean;
}

export interface Envelope<T> {
  success: true;
  message: string;
  data: T;
}

export const ok = <T>(data: T, message: string = MESSAGES.http.ok): Envelope<T> => ({
  success: true,
  message,
  data,
});

export const pagination = (page: number, limit: number, total: number, totalExact = true): Pagination => ({
  page,
  limit,
  total,
  totalPages: Math.max(1, Math.ceil(total / limit)),
  totalExact,
});

/** A page whose records are JSON array text (db/lists/list-json.ts), with its total (exact unless it says not). */
interface PagedText {
  data: string;
  total: number;
  totalExact?: boolean;
}

/*
 * Bodies the database wrote as JSON text (db/lists/list-json.ts, records built with json_build_object): the
 * envelope around them is the same, written here, and the text is sent as it is.
 */
const okPrefix = (message: string) => `{"success":true,"message":${JSON.stringify(message)},"data":`;
const OK_PREFIX = okPrefix(MESSAGES.http.ok);

/** `ok(data)` as JSON text, around the JSON text of `data`. */
export const okText = (data: string) => `${OK_PREFIX}${data}}`;

/** The list envelope (`data` and `pagination` at the query's page and limit) around a page of JSON array text. */
const pagedListText = (list: PagedText, query: { page: number; limit: number }) =>
  `${OK_PREFIX}${list.data},"pagination":${JSON.stringify(
    pagination(query.page, query.limit, list.total, list.totalExact),
  )}}`;

/**
 * JSON text for a handler to return as its body: Fastify sends a string as it is (it serialises only other
 * values). Typed as whatever the route answers: the route's response schema still documents the shape.
 */
export function sendJsonText(reply: { type(contentType: string): unknown }, text: string): never {
  reply.type('application/json; charset=utf-8');
  return text as never;
}

/** Sends `pagedListText` of a page whose records are JSON array text (db/lists/list-json.ts). */
export const sendPagedList = (
  reply: { type(contentType: string): unknown },
  list: PagedText,
  query: { page: number; limit: number },
): never => sendJsonText(reply, pagedListText(list, query));

/**
 * Sets 201 and hands the body back for the handler to return: nothing is sent before the handler
 * ends, so an audited admin write commits its transaction first.
 */
export function created<T>(reply: { code(statusCode: number): unknown }, body: T): T {
  reply.code(201);
  return body;
}
