import type { ContractParty } from '../../../shared/contracts.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/engine/client.js';
import type { AuthUser } from '../../http/context.js';
import { currentTerms, liveSignatures } from './document.js';
import type { ContractDocument } from './pdf-document.js';
import { pdfMarker, pdfTime } from './pdf-state.js';
import { getContract } from './visibility.js';

/** `<PUBLIC_URL>/verifikasi/<code>`: where a PDF sends its reader (never built from a request's Host). */
export const verifyUrlOf = (config: Config, code: string) => `${config.publicUrl}/verifikasi/${code}`;

/**
 * GET /contract/{id}/pdf: the current version's frozen canonical document with its live signatures,
 * rendered and digitally signed by the platform. Everything in it comes from that data (dates included),
 * so one version with the same signatures gives the same bytes. A contract the caller may not see is 404.
 */
export async function contractPdf(db: Db, config: Config, user: AuthUser, id: number) {
  const { terms, signatures } = await db.transaction(async (tx) => {
    await getContract(tx, user, id);
    const terms = await currentTerms(tx, id);
    const signatures = await liveSignatures(tx, id, terms.version);
    return { terms, signatures };
  });
  const document = JSON.parse(terms.document) as ContractDocument;
  const code = document.verification_code;
  const createdAt = pdfTime(signatures, terms.created_at);
  // pdfkit, its fonts and the signing code are loaded with the first PDF, not at every start.
  const [{ renderContractPdf }, { signPdf }, { signingCredentials }] = await Promise.all([
    import('./pdf.js'),
    import('./pdf-signature.js'),
    import('./pdf-signing-key.js'),
  ]);
  const pdf = await renderContractPdf({
    document,
    sha256: terms.document_sha256,
    signatures: signatures.map((s) => ({ ...s, signer_role: s.signer_role as ContractParty })),
    verifyUrl: verifyUrlOf(config, code),
    createdAt,
    marker: pdfMarker({ code, terms_version: terms.version, sha256: terms.document_sha256, signatures }),
  });
  return { code, pdf: await signPdf(pdf, await signingCredentials(config, db), createdAt) };
}
