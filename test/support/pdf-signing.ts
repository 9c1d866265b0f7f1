import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

let files = 0;

/** What poppler's `pdfsig` reports on `file` (written into `dir`): its signatures and their validation. */
export function pdfsig(dir: string, file: Buffer): string {
  const where = path.join(dir, `pdfsig-${++files}.pdf`);
  writeFileSync(where, file);
  // pdfsig exits non-zero for a signature it cannot validate; its report is what counts.
  const run = spawnSync('pdfsig', [where], { encoding: 'utf8' });
  return run.stdout + run.stderr;
}

/** A PKCS#12 of a new key and a certificate named `commonName`, as an operator would get from a CA. */
export function operatorP12(commonName: string, password: string): Buffer {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date('2026-01-01T00:00:00Z');
  cert.validity.notAfter = new Date('2036-01-01T00:00:00Z');
  cert.setSubject([{ name: 'commonName', value: commonName }]);
  cert.setIssuer([{ name: 'commonName', value: commonName }]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, [cert], password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}
