import type { GradePrice } from '../../../shared/settlement.js';

/** What the PDF shows of a party: never the full NIK. */
export interface Party {
  name: string;
  nik_last4: string | null;
  address: string | null;
}

/** The canonical document of one terms version (CONTRACTS.md), as frozen in contract_terms.document. */
export interface ContractDocument {
  format: number;
  verification_code: string;
  contract_id: number;
  terms_version: number;
  title: string;
  contract_type: string | null;
  petani: Party;
  mitra: Party & { company_address: string | null };
  lahan: {
    name: string;
    location: { sub_district: string | null; district: string | null; province: string | null } | null;
    area_m2: number | string | null;
  } | null;
  commodity: string;
  quantity: number | string;
  unit: string;
  /** The first grade's price (format 2), the one price (format 1). */
  price: number | string;
  /** Format 2: the price per grade, in the order offered. */
  prices?: GradePrice[];
  /** Format 2: days after a delivery's confirmation by which it is paid. */
  payment_days?: number;
  total_value: number | string;
  start_date: string;
  end_date: string;
  delivery_terms: string | null;
  clauses_version: number;
}

export interface PdfSignature {
  signer_role: 'petani' | 'mitra';
  signer_name: string;
  signed_at: Date | string;
  terms_version: number;
  document_sha256: string;
}

export interface ContractPdfInput {
  document: ContractDocument;
  /** The hex SHA-256 of the document (contract_terms.document_sha256). */
  sha256: string;
  /** The live (not voided) signatures of this version. */
  signatures: PdfSignature[];
  /** Where the code is checked: `<PUBLIC_URL>/verifikasi/<code>`, also in the QR code on every page. */
  verifyUrl: string;
  /** The PDF's creation date, from the data (the last signature, or the version's making): same input, same bytes. */
  createdAt: Date;
  /** Written into the document information (`/TaniMitraVerifikasi`): what POST /verify reads back (pdf-state.ts). */
  marker: string;
}

/** A fully signed version has both parties' signatures; anything less is a draft. */
export const isDraft = (signatures: PdfSignature[], version: number) =>
  !(['petani', 'mitra'] as const).every((role) =>
    signatures.some((s) => s.signer_role === role && s.terms_version === version),
  );
