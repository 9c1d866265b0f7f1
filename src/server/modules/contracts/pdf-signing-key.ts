import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import forge from 'node-forge';
import { ConfigError, type Config } from '../../config.js';
import type { Db } from '../../db/engine/client.js';
import { platformSigningKey } from '../../db/schema.js';

/** What signs contract PDFs: a PKCS#12 with its password, and the certificate of its key (DER). */
export interface SigningCredentials {
  p12: Buffer;
  password: string;
  certificate: Buffer;
}

const CERTIFICATE_YEARS = 30;
const loaded = new WeakMap<Config, Promise<SigningCredentials>>();

/**
 * The operator's SIGNING_P12, or else the platform's own key and self-signed "TaniMitra" certificate,
 * generated on the first need and kept in the database (one row), so every API process signs with it.
 * Loaded once per configuration.
 */
export function signingCredentials(config: Config, db: Db): Promise<SigningCredentials> {
  let credentials = loaded.get(config);
  if (!credentials) {
    credentials = config.signingP12
      ? Promise.resolve().then(() => open(readFileSync(config.signingP12!.file), config.signingP12!.password))
      : storedOrGenerated(db).then((p12) => open(p12, ''));
    credentials.catch(() => loaded.delete(config));
    loaded.set(config, credentials);
  }
  return credentials;
}

/**
 * Opens the operator's SIGNING_P12 once at start, so that a wrong SIGNING_P12_PASSWORD or a file without a key
 * and its certificate stops the server with the configuration's other errors instead of at the first PDF.
 */
export function checkSigningP12(config: Config): void {
  if (!config.signingP12) return;
  try {
    open(readFileSync(config.signingP12.file), config.signingP12.password);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new ConfigError([`SIGNING_P12 cannot be opened with SIGNING_P12_PASSWORD (${why})`]);
  }
}

async function storedOrGenerated(db: Db): Promise<Buffer> {
  const stored = async () =>
    (await db.select({ p12: platformSigningKey.p12 }).from(platformSigningKey))[0]?.p12;
  const existing = await stored();
  if (existing) return Buffer.from(existing);
  await db.insert(platformSigningKey).values({ p12: generate() }).onConflictDoNothing();
  return Buffer.from((await stored())!); // ours, or the one a concurrent process stored first
}

const der = (asn1: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');

/** A 2048-bit RSA key (made by node:crypto, fast) and a self-signed certificate for it, as a PKCS#12. */
function generate(): Buffer {
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(pair.privateKey);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(pair.publicKey);
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date();
  cert.validity.notAfter = new Date();
  cert.validity.notAfter.setFullYear(cert.validity.notBefore.getFullYear() + CERTIFICATE_YEARS);
  const name = [
    { name: 'commonName', value: 'TaniMitra' },
    { name: 'organizationName', value: 'TaniMitra' },
    { name: 'countryName', value: 'ID' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  return der(forge.pkcs12.toPkcs12Asn1(key, [cert], '', { algorithm: '3des' }));
}

/** Opens a PKCS#12: its key's certificate (the one @signpdf/signer-p12 signs with). */
function open(p12: Buffer, password: string): SigningCredentials {
  const parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(p12.toString('binary')), false, password);
  const bags = (type: string) => parsed.getBags({ bagType: type })[type] ?? [];
  const key = bags(forge.pki.oids.pkcs8ShroudedKeyBag!)[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  const cert = bags(forge.pki.oids.certBag!)
    .map((bag) => bag.cert)
    .find((c) => {
      const pub = c?.publicKey as forge.pki.rsa.PublicKey | undefined;
      return key && pub && pub.n.equals(key.n) && pub.e.equals(key.e);
    });
  if (!cert) throw new Error('The signing PKCS#12 holds no RSA key with its certificate');
  return { p12, password, certificate: der(forge.pki.certificateToAsn1(cert)) };
}
