import { http, unwrap } from '../api/client';
import type { Verification } from './types';

/** The react-query key of a code's record. */
export const verificationKey = (code: string) => ['verify', code] as const;

const path = (code: string) => `/verify/${encodeURIComponent(code)}`;

/** GET /verify/{code}: what the record says of the contract behind a code (no sign-in). */
export const verifyCode = async (code: string) => unwrap<Verification>(await http.get(path(code)));

/** POST /verify/{code} with the PDF itself: the record, and whether this very file is the signed one. */
export const verifyPdf = async (code: string, file: Blob) =>
  unwrap<Verification>(await http.post(path(code), file, { headers: { 'Content-Type': 'application/pdf' } }));
