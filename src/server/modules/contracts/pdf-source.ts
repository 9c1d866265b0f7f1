import type { ContractParty } from '../../../shared/contracts.js';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../../http/context.js';
import { currentTerms, liveSignatures } from './document.js';
import type { ContractDocument } from './pdf.js';
import { getContract } from './visibility.js';

/**
 * GET /contract/{id}/pdf: the current version's frozen canonical document with its live signatures,
 * rendered. A contract the caller may not see answers 404.
 */
export async function contractPdf(db: Db, user: AuthUser, id: number, verifyUrlOf: (code: string) => string) {
  const { contract, terms, signatures } = await db.transaction(async (tx) => {
    const contract = await getContract(tx, user, id);
    const terms = await currentTerms(tx, id);
    const signatures = await liveSignatures(tx, id, terms.version);
    return { contract, terms, signatures };
  });
  const document = JSON.parse(terms.document) as ContractDocument;
  // pdfkit and its fonts are loaded with the first PDF, not at every start (about 100 ms of it).
  const { renderContractPdf } = await import('./pdf.js');
  const pdf = await renderContractPdf({
    document,
    sha256: terms.document_sha256,
    signatures: signatures.map((s) => ({ ...s, signer_role: s.signer_role as ContractParty })),
    status: contract.status,
    verifyUrl: verifyUrlOf(document.verification_code),
  });
  return { code: document.verification_code, pdf };
}
