import { and, eq } from 'drizzle-orm';
import type { ContractParty } from '../../../shared/contracts.js';
import { MESSAGES } from '../../../shared/messages.js';
import type { Db } from '../../db/engine/client.js';
import { contractTerms, contracts } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { canonicalJson, liveSignatures, sha256Hex } from '../contracts/document.js';
import type { ContractDocument } from '../contracts/pdf-document.js';
import type { VerifyState } from './schema.js';
import type { GradePrice } from '../../../shared/settlement.js';

/** ` a1b2 c3d4-e5f6 0718 `, `a1b2c3d4e5f60718` … → `A1B2-C3D4-E5F6-0718`; null when it cannot be a code. */
export function normalizeCode(code: string): string | null {
  const compact = code.replace(/[\s-]/g, '').toUpperCase();
  return /^[0-9A-F]{16}$/.test(compact) ? compact.replace(/(.{4})(?!$)/g, '$1-') : null;
}

/** The terms a version fixes, as the contract row carries them and as the version row froze them. */
const termsOf = (table: typeof contracts | typeof contractTerms) => ({
  price: table.price,
  prices: table.prices,
  payment_days: table.payment_days,
  quantity: table.quantity,
  unit: table.unit,
  start_date: table.start_date,
  end_date: table.end_date,
  delivery_terms: table.delivery_terms,
});
type Terms = Record<keyof ReturnType<typeof termsOf>, unknown>;

export interface Evidence {
  /** The terms on the contract row. */
  terms: Terms;
  /** The current version's row, if it was made. */
  version: { terms: Terms; document: string; document_sha256: string } | undefined;
  /** The current version's signatures that were not voided. */
  signatures: { signer_role: string; document_sha256: string }[];
}

/**
 * signed: both parties signed the current version, every signature signed the stored document's hash, the
 * stored document still hashes to it, and the contract row still carries that version's terms (a change
 * made behind the application's back shows here). incomplete: not yet both signatures. invalid: signatures
 * whose evidence does not hold.
 */
export function stateOf({ terms, version, signatures }: Evidence): VerifyState {
  if (signatures.length === 0) return 'incomplete';
  if (!version) return 'invalid';
  const hash = sha256Hex(version.document);
  const holds =
    hash === version.document_sha256 &&
    signatures.every((s) => s.document_sha256 === hash) &&
    (Object.keys(terms) as (keyof Terms)[]).every(
      (key) => canonicalJson(terms[key]) === canonicalJson(version.terms[key]),
    );
  if (!holds) return 'invalid';
  const bothSigned = (['petani', 'mitra'] as const).every((role) =>
    signatures.some((s) => s.signer_role === role),
  );
  return bothSigned ? 'signed' : 'incomplete';
}

const documentOf = (text: string | undefined): Partial<ContractDocument> => {
  try {
    return text ? (JSON.parse(text) as Partial<ContractDocument>) : {};
  } catch {
    return {};
  }
};

/** The contract behind a code and the evidence of its current version; 404 for an unknown code. */
export async function loadVerification(db: Db, code: string) {
  const normalized = normalizeCode(code);
  const [contract] = normalized
    ? await db
        .select({
          id: contracts.id,
          status: contracts.status,
          terms_version: contracts.terms_version,
          commodity: contracts.commodity,
          terms: termsOf(contracts),
        })
        .from(contracts)
        .where(eq(contracts.verification_code, normalized))
    : [];
  if (!contract || !normalized) throw new AppError('NOT_FOUND', MESSAGES.verify.codeUnknown);
  const [version] = await db
    .select({
      document: contractTerms.document,
      document_sha256: contractTerms.document_sha256,
      terms: termsOf(contractTerms),
    })
    .from(contractTerms)
    .where(
      and(eq(contractTerms.contract_id, contract.id), eq(contractTerms.version, contract.terms_version)),
    );
  const signatures = await liveSignatures(db, contract.id, contract.terms_version);
  const state = stateOf({ terms: contract.terms, version, signatures });
  // The version's terms as frozen (what the paper shows); a contract made before versions, its row.
  const frozen = (version?.terms ?? contract.terms) as typeof contract.terms;
  const document = documentOf(version?.document);
  const location = document.lahan?.location ?? null;
  const data = {
    code: normalized,
    state,
    authentic: state === 'signed',
    status: contract.status,
    terms_version: contract.terms_version,
    sha256: version?.document_sha256 ?? null,
    terms: {
      commodity: document.commodity ?? contract.commodity,
      quantity: Number(frozen.quantity),
      unit: frozen.unit,
      price: Number(frozen.price),
      prices: frozen.prices as GradePrice[],
      payment_days: frozen.payment_days as number,
      total_value: Number(document.total_value ?? Number(frozen.price) * Number(frozen.quantity)),
      start_date: frozen.start_date,
      end_date: frozen.end_date,
      kabupaten: location?.district ?? null,
      province: location?.province ?? null,
    },
    signatures: signatures.map(({ signer_role, signed_at }) => ({
      role: signer_role as ContractParty,
      signed_at,
    })),
  };
  return { data, signatures };
}

/** GET /verify/{code}: what anyone may learn about the contract behind a code; `sha256` adds `matches`. */
export async function verifyContract(db: Db, code: string, sha256?: string) {
  const { data } = await loadVerification(db, code);
  return {
    ...data,
    ...(sha256 === undefined
      ? {}
      : { matches: data.sha256 !== null && sha256.toLowerCase() === data.sha256 }),
  };
}
