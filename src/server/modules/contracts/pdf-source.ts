import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ContractParty } from '../../../shared/contracts.js';
import type { Db } from '../../db/client.js';
import { contractSignatures } from '../../db/schema.js';
import type { AuthUser } from '../../http/context.js';
import { currentTerms } from './document.js';
import { renderContractPdf, type ContractDocument } from './pdf.js';
import { getContract } from './visibility.js';

/**
 * GET /contract/{id}/pdf: the current version's frozen canonical document with its live signatures,
 * rendered. A contract the caller may not see answers 404.
 */
export async function contractPdf(db: Db, user: AuthUser, id: number, verifyUrlOf: (code: string) => string) {
  const { contract, terms, signatures } = await db.transaction(async (tx) => {
    const contract = await getContract(tx, user, id);
    const terms = await currentTerms(tx, id);
    const signatures = await tx
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
          eq(contractSignatures.contract_id, id),
          eq(contractSignatures.terms_version, terms.version),
          isNull(contractSignatures.voided_at),
        ),
      )
      .orderBy(asc(contractSignatures.signed_at), asc(contractSignatures.id));
    return { contract, terms, signatures };
  });
  const document = JSON.parse(terms.document) as ContractDocument;
  const pdf = await renderContractPdf({
    document,
    sha256: terms.document_sha256,
    signatures: signatures.map((s) => ({ ...s, signer_role: s.signer_role as ContractParty })),
    status: contract.status,
    verifyUrl: verifyUrlOf(document.verification_code),
  });
  return { code: document.verification_code, pdf };
}
