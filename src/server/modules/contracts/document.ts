import { createHash } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/engine/client.js';
import { leftJoinAll } from '../../db/lists/joins.js';
import {
  contractCategories,
  contracts,
  contractSignatures,
  contractTerms,
  lahan,
  locations,
  mitraProfiles,
  petaniProfiles,
} from '../../db/schema.js';
import { LAHAN_PLACE_JOINS } from '../lahan/records.js';
import type { ContractDocument } from './pdf-document.js';
import { mitraName, mitraUser, petaniName, petaniUser } from './records.js';

/** The version of the standard clauses the PDF prints for a document (pdf-clauses.ts). */
export const CLAUSES_VERSION = 2;
/**
 * 2: the terms carry `prices` (a price per grade; `price` is the first's) and `payment_days` (issue 31).
 * Documents frozen before keep their text, format 1 and clauses 1.
 */
export const DOCUMENT_FORMAT = 2;

/** JSON with the keys of every object sorted (recursively) and no whitespace: one text per document. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const last4 = (nik: unknown) => sql<string | null>`right(${nik}, 4)`;

/** What a contract's document is made of, read from its row (the current terms) and what it names. */
export async function loadDocumentFacts(tx: Db | Tx, contractId: number) {
  const [row] = await leftJoinAll(
    tx
      .select({
        verification_code: contracts.verification_code,
        terms_version: contracts.terms_version,
        title: contracts.title,
        contract_type: contractCategories.type_name,
        petani_name: petaniName,
        petani_nik4: last4(petaniProfiles.nik),
        petani_address: petaniProfiles.alamat,
        mitra_name: mitraName,
        mitra_nik4: last4(mitraProfiles.nik),
        mitra_address: mitraProfiles.alamat,
        company_address: mitraProfiles.company_address,
        lahan_id: lahan.id,
        lahan_name: lahan.nama_lahan,
        area_m2: lahan.luas_lahan,
        sub_district: locations.sub_district_name,
        district: locations.district_name,
        province: locations.province_name,
        commodity: contracts.commodity,
        quantity: contracts.quantity,
        unit: contracts.unit,
        price: contracts.price,
        prices: contracts.prices,
        payment_days: contracts.payment_days,
        total_value: sql<number>`(${contracts.price} * ${contracts.quantity})`.mapWith(Number),
        start_date: contracts.start_date,
        end_date: contracts.end_date,
        delivery_terms: contracts.delivery_terms,
      })
      .from(contracts)
      .$dynamic(),
    [
      [contractCategories, eq(contracts.contract_category_id, contractCategories.id)],
      [petaniUser, eq(contracts.petani_id, petaniUser.id)],
      [petaniProfiles, eq(contracts.petani_id, petaniProfiles.user_id)],
      [mitraUser, eq(contracts.mitra_id, mitraUser.id)],
      [mitraProfiles, eq(contracts.mitra_id, mitraProfiles.user_id)],
      [lahan, eq(contracts.lahan_id, lahan.id)],
      ...LAHAN_PLACE_JOINS,
    ],
  ).where(eq(contracts.id, contractId));
  if (!row) throw new Error(`contract ${contractId} is gone`);
  return row;
}

export type DocumentFacts = Awaited<ReturnType<typeof loadDocumentFacts>>;

/**
 * The canonical document of one version (CONTRACTS.md), pure: the facts of the contract with that version's
 * terms (terms_version, quantity, unit, price, prices, payment_days, total_value, dates, delivery_terms) — the
 * seed builds its histories with it.
 */
export function buildDocument(contractId: number, row: DocumentFacts): ContractDocument {
  return {
    format: DOCUMENT_FORMAT,
    verification_code: row.verification_code,
    contract_id: contractId,
    terms_version: row.terms_version,
    title: row.title,
    contract_type: row.contract_type,
    petani: { name: row.petani_name, nik_last4: row.petani_nik4, address: row.petani_address },
    mitra: {
      name: row.mitra_name,
      nik_last4: row.mitra_nik4,
      address: row.mitra_address,
      company_address: row.company_address,
    },
    lahan:
      row.lahan_id === null
        ? null
        : {
            name: row.lahan_name!,
            location:
              row.sub_district === null && row.district === null && row.province === null
                ? null
                : { sub_district: row.sub_district, district: row.district, province: row.province },
            area_m2: row.area_m2,
          },
    commodity: row.commodity,
    quantity: row.quantity,
    unit: row.unit,
    price: row.price,
    prices: row.prices,
    payment_days: row.payment_days,
    total_value: row.total_value,
    start_date: row.start_date,
    end_date: row.end_date,
    delivery_terms: row.delivery_terms,
    clauses_version: CLAUSES_VERSION,
  };
}

/** The stored text of a document and its hex SHA-256. */
export function documentText(document: ContractDocument) {
  const text = canonicalJson(document);
  return { document: text, sha256: sha256Hex(text) };
}

/** The canonical document of the contract as its row stands now (the current terms). */
export const currentDocument = async (tx: Db | Tx, contractId: number) =>
  buildDocument(contractId, await loadDocumentFacts(tx, contractId));

export interface Proposal {
  proposedBy: number | null;
  proposedRole: 'admin' | 'petani' | 'mitra';
  note?: string | null;
}

/**
 * Freezes the contract's current terms (its row, at its terms_version) as that version: the canonical
 * document and its SHA-256 are stored with the terms, so what was signed can always be shown and checked.
 * Undefined when that version is already stored.
 */
export async function freezeCurrentTerms(tx: Tx, contractId: number, proposal: Proposal) {
  const document = await currentDocument(tx, contractId);
  const { document: text, sha256 } = documentText(document);
  const [terms] = await tx
    .insert(contractTerms)
    .values({
      contract_id: contractId,
      version: document.terms_version,
      price: Number(document.price),
      prices: document.prices!,
      payment_days: document.payment_days!,
      quantity: Number(document.quantity),
      unit: document.unit,
      start_date: document.start_date,
      end_date: document.end_date,
      delivery_terms: document.delivery_terms,
      note: proposal.note ?? null,
      proposed_by: proposal.proposedBy,
      proposed_role: proposal.proposedRole,
      document: text,
      document_sha256: sha256,
    })
    .onConflictDoNothing()
    .returning();
  return terms;
}

/**
 * The stored current version of the terms. A contract made before the lifecycle existed (migration 0010)
 * has none yet: its version is frozen now, from its row, as proposed by an admin.
 */
export async function currentTerms(tx: Tx, contractId: number) {
  const stored = async () =>
    (
      await tx
        .select()
        .from(contractTerms)
        .innerJoin(contracts, eq(contracts.id, contractTerms.contract_id))
        .where(
          and(eq(contractTerms.contract_id, contractId), eq(contractTerms.version, contracts.terms_version)),
        )
    )[0]?.contract_terms;
  const terms =
    (await stored()) ??
    (await freezeCurrentTerms(tx, contractId, { proposedBy: null, proposedRole: 'admin' })) ??
    (await stored()); // made meanwhile by a concurrent request
  return terms!;
}

/** The signatures of `version` that no later version voided, oldest first: what the PDF lists and verify checks. */
export const liveSignatures = (db: Db | Tx, contractId: number, version: number) =>
  db
    .select({
      signer_role: contractSignatures.signer_role,
      signer_name: contractSignatures.signer_name,
      signed_at: contractSignatures.signed_at,
      terms_version: contractSignatures.terms_version,
      document_sha256: contractSignatures.document_sha256,
    })
    .from(contractSignatures)
    .where(
      and(
        eq(contractSignatures.contract_id, contractId),
        eq(contractSignatures.terms_version, version),
        isNull(contractSignatures.voided_at),
      ),
    )
    .orderBy(asc(contractSignatures.signed_at), asc(contractSignatures.id));
