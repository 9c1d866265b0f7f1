import { MESSAGES } from '../../../shared/messages.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/engine/client.js';
import { pdfMarker, readPdfMarker } from '../contracts/pdf-state.js';
import { loadVerification } from './service.js';

const M = MESSAGES.verify.file;

/**
 * POST /verify/{code}: the contract behind the code, and whether `file` is its current document — one
 * digital signature by the platform's key over the whole file, and inside it the marker of this contract's
 * current version with its current signatures (contracts/pdf-state.ts). Otherwise, why not.
 */
export async function verifyFile(db: Db, config: Config, code: string, file: Buffer) {
  const { data, signatures } = await loadVerification(db, code);
  const [{ checkPdfSignature }, { signingCredentials }] = await Promise.all([
    import('../contracts/pdf-signature.js'),
    import('../contracts/pdf-signing-key.js'),
  ]);
  const check = checkPdfSignature(file, (await signingCredentials(config, db)).certificate);
  const marker = readPdfMarker(file);
  const current = data.sha256 && pdfMarker({ ...data, sha256: data.sha256, signatures });
  let reason: string | null = null;
  if (!check.valid) reason = M[check.why];
  else if (!marker || !current) reason = M.unsigned;
  else if (marker.code !== data.code) reason = M.otherContract(marker.code);
  else if (marker.terms_version !== data.terms_version)
    reason = M.otherVersion(marker.terms_version, data.terms_version);
  else if (marker.text !== current) reason = M.otherSignatures;
  return { ...data, file: { matches: reason === null, reason } };
}
