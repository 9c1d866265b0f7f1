/** The success half of the API contract (DESIGN.md §3). */

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}

export interface Envelope<T> {
  success: true;
  message: string;
  data: T;
}

export interface ListEnvelope<T> extends Envelope<T[]> {
  pagination: Pagination;
}

export const ok = <T>(data: T, message = 'OK'): Envelope<T> => ({ success: true, message, data });

export const paged = <T>(data: T[], pagination: Pagination, message = 'OK'): ListEnvelope<T> => ({
  success: true,
  message,
  data,
  pagination,
});

export const pagination = (page: number, limit: number, total: number): Pagination => ({
  page,
  limit,
  total,
  totalPages: Math.max(1, Math.ceil(total / limit)),
});
