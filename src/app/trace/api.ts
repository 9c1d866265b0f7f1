import { http, unwrap } from '../api/client';

/** GET /trace/{lot}: a lot as anyone may see it (docs/API.md, Trace): no names, contacts or boundary. */
export interface Trace {
  lot_code: string;
  commodity: string;
  grade: string;
  accepted_quantity: number;
  unit: string;
  date: string;
  location: { sub_district: string | null; district: string | null; province: string | null } | null;
  verification_code: string;
}

export const traceKey = (lot: string) => ['trace', lot] as const;

export const traceLot = async (lot: string) =>
  unwrap<Trace>(await http.get(`/trace/${encodeURIComponent(lot)}`));
