import { canonicalJson, sha256Hex } from './document.js';

/** What a PDF is the rendering of: one contract's version with the signatures it had then. */
export interface PdfState {
  code: string;
  terms_version: number;
  /** The version's document hash (contract_terms.document_sha256). */
  sha256: string;
  /** The version's live signatures. */
  signatures: { signer_role: string; signed_at: Date | string; document_sha256: string }[];
}

/**
 * The text a signed PDF carries in its document information (`/TaniMitraVerifikasi`), inside the range its
 * digital signature covers: the code, the version and a hash of the version's signature state. POST /verify
 * compares it with the contract's current state; the same state gives the same text.
 */
export function pdfMarker(state: PdfState): string {
  const signatures = state.signatures
    .map((s) => ({
      role: s.signer_role,
      signed_at: new Date(s.signed_at).toISOString(),
      document_sha256: s.document_sha256,
    }))
    .sort((a, b) => (a.role < b.role ? -1 : 1));
  const stateHash = sha256Hex(canonicalJson({ sha256: state.sha256, signatures }));
  return `${state.code} versi ${state.terms_version} ${stateHash}`;
}

const MARKER_TEXT = /^([0-9A-F]{4}(?:-[0-9A-F]{4}){3}) versi (\d+) [0-9a-f]{64}$/;

/**
 * The marker a PDF's bytes carry (pdfkit writes it as an indirect string object of the document
 * information): its code and version, and the whole text to compare. Null unless exactly one.
 */
export function readPdfMarker(file: Buffer): { code: string; terms_version: number; text: string } | null {
  const source = file.toString('latin1');
  const refs = [...source.matchAll(/\/TaniMitraVerifikasi (\d+) 0 R/g)];
  if (refs.length !== 1) return null;
  const objects = [
    ...source.matchAll(new RegExp(`(?:^|\\n)${refs[0]![1]} 0 obj\\n\\(([^()\\\\]*)\\)\\nendobj`, 'g')),
  ];
  const text = objects.length === 1 ? objects[0]![1]! : '';
  const parsed = MARKER_TEXT.exec(text);
  return parsed ? { code: parsed[1]!, terms_version: Number(parsed[2]), text } : null;
}

/** When a state's PDF says it was made and signed: its last signature, or the version's making. */
export function pdfTime(signatures: PdfState['signatures'], versionMadeAt: Date | string): Date {
  const times = [versionMadeAt, ...signatures.map((s) => s.signed_at)].map((t) => new Date(t).getTime());
  return new Date(Math.max(...times));
}
