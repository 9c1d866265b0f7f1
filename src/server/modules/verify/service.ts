import { and, eq } from 'drizzle-orm';
import type { ContractParty } from '../../../shared/contracts.js';
import { MESSAGES } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { contractTerms, contracts } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { liveSignatures, sha256Hex } from '../contracts/document.js';

/** `a1b2c3d4e5f60718`, `A1B2-C3D4-E5F6-0718` … → `A1B2-C3D4-E5F6-0718`; null when it cannot be a code. */
export function normalizeCode(code: string): string | null {
  const compact = code.replaceAll('-', '').toUpperCase();
  return /^[0-9A-F]{16}$/.test(compact) ? compact.replace(/(.{4})(?!$)/g, '$1-') : null;
}

/** The terms a version fixes, as the contract row carries them and as the version row froze them. */
const termsOf = (table: typeof contracts | typeof contractTerms) => ({
  price: table.price,
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
  signatures: { document_sha256: string }[];
}

/**
 * Authentic: the current version is signed, every live signature signed the stored document's hash, the
 * stored document still hashes to it, and the contract row still carries that version's terms (a change
 * made behind the application's back shows here).
 */
export function isAuthentic({ terms, version, signatures }: Evidence): boolean {
  if (!version || signatures.length === 0) return false;
  const hash = sha256Hex(version.document);
  return (
    hash === version.document_sha256 &&
    signatures.every((s) => s.document_sha256 === hash) &&
    (Object.keys(terms) as (keyof Terms)[]).every((key) => terms[key] === version.terms[key])
  );
}

/** GET /verify/{code}: what anyone may learn about the contract behind a code, and whether it is authentic. */
export async function verifyContract(db: Db, code: string, sha256?: string) {
  const normalized = normalizeCode(code);
  const [contract] = normalized
    ? await db
        .select({
          id: contracts.id,
          status: contracts.status,
          terms_version: contracts.terms_version,
          terms: termsOf(contracts),
        })
        .from(contracts)
        .where(eq(contracts.verification_code, normalized))
    : [];
  if (!contract) throw new AppError('NOT_FOUND', MESSAGES.verify.codeUnknown);
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
  const hash = version?.document_sha256 ?? null;
  return {
    authentic: isAuthentic({ terms: contract.terms, version, signatures }),
    status: contract.status,
    terms_version: contract.terms_version,
    sha256: hash,
    signatures: signatures.map(({ signer_role, signed_at }) => ({
      role: signer_role as ContractParty,
      signed_at,
    })),
    ...(sha256 === undefined ? {} : { matches: hash !== null && sha256.toLowerCase() === hash }),
  };
}
