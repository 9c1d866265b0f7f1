import { createHash, verify, X509Certificate } from 'node:crypto';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ADOBE_PKCS7_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';
import type { SigningCredentials } from './pdf-signing-key.js';

/**
 * Signs a finished PDF: an incremental update adds the signature field (adbe.pkcs7.detached, the form PDF
 * readers check), then a detached CMS signature over every byte but the signature's own `/Contents`. The
 * signing time is given, not the clock's, so the same PDF and time give the same bytes.
 */
export async function signPdf(pdf: Buffer, credentials: SigningCredentials, signingTime: Date) {
  const withPlaceholder = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason: 'Dokumen kontrak TaniMitra',
    contactInfo: '',
    name: 'TaniMitra',
    location: 'Indonesia',
    signingTime,
    subFilter: SUBFILTER_ADOBE_PKCS7_DETACHED,
  });
  const signer = new P12Signer(credentials.p12, { passphrase: credentials.password });
  return new SignPdf().sign(withPlaceholder, signer, signingTime);
}

export type SignatureCheck = { valid: true } | { valid: false; why: 'unsigned' | 'changed' | 'foreign' };

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g;

/**
 * Whether `file` carries one digital signature made with `certificate`'s key over the whole file:
 * 'unsigned' when it has none (or one that cannot be read), 'changed' when the signature leaves bytes out
 * (anything appended after signing) or the signed bytes no longer hash to what was signed, 'foreign' when
 * another key signed it.
 */
export function checkPdfSignature(file: Buffer, certificate: Buffer): SignatureCheck {
  const ranges = [...file.toString('latin1').matchAll(BYTE_RANGE)];
  if (ranges.length === 0) return { valid: false, why: 'unsigned' };
  if (ranges.length > 1) return { valid: false, why: 'changed' };
  const [start, firstLength, second, secondLength] = ranges[0]!.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const contents = file.subarray(firstLength, second).toString('latin1');
  if (start !== 0 || second + secondLength !== file.length || !/^<[0-9a-fA-F]*>$/.test(contents))
    return { valid: false, why: 'changed' };

  let signedAttributes: Buffer;
  let signature: Buffer;
  let messageDigest: Buffer;
  try {
    // The hex is padded with zeros up to the placeholder's length: read the one DER value before them.
    const fromDer = forge.asn1.fromDer as unknown as (bytes: string, options: object) => forge.asn1.Asn1;
    const cms = fromDer(Buffer.from(contents.slice(1, -1), 'hex').toString('binary'), {
      parseAllBytes: false,
    });
    const capture = (forge.pkcs7.messageFromAsn1(cms) as unknown as { rawCapture: CmsCapture }).rawCapture;
    const attributes = capture.authenticatedAttributes;
    // The signature covers the attributes DER-encoded as a SET (RFC 5652, 5.4), not as the [0] they are sent in.
    const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
    signedAttributes = Buffer.from(forge.asn1.toDer(set).getBytes(), 'binary');
    signature = Buffer.from(capture.signature, 'binary');
    const digest = attributes.find(
      (a) =>
        forge.asn1.derToOid((a.value as forge.asn1.Asn1[])[0]!.value as string) ===
        forge.pki.oids.messageDigest,
    );
    const digestSet = (digest!.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[];
    messageDigest = Buffer.from(digestSet[0]!.value as string, 'binary');
  } catch {
    return { valid: false, why: 'unsigned' };
  }
  if (!signedBy(certificate, signedAttributes, signature)) return { valid: false, why: 'foreign' };
  const signed = Buffer.concat([file.subarray(0, firstLength), file.subarray(second)]);
  const actual = createHash('sha256').update(signed).digest();
  return actual.equals(messageDigest) ? { valid: true } : { valid: false, why: 'changed' };
}

function signedBy(certificate: Buffer, data: Buffer, signature: Buffer): boolean {
  try {
    return verify('sha256', data, new X509Certificate(certificate).publicKey, signature);
  } catch {
    return false; // a signature of another algorithm or size
  }
}

interface CmsCapture {
  authenticatedAttributes: forge.asn1.Asn1[];
  signature: string;
}
