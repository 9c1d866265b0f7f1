import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt parameters: 2^15 × 8 × 128 B = 32 MiB of memory per hash (OWASP's minimum is 2^17 × 8 / p=1 ≈ 128 MiB for new systems; 2^15 keeps a 2-core server responsive). */
export const PRODUCTION_SCRYPT = { N: 2 ** 15, r: 8, p: 1 } as const;
/** PASSWORD_HASH_COST=test: 2^10 (128 KiB, ~2 ms) so the test suite's many sign-ins and signatures stay cheap. */
export const TEST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

/**
 * The cost of new hashes. PASSWORD_HASH_COST=test is honoured only under the test runner (VITEST or
 * NODE_ENV=test) and refused anywhere else, so a deployment cannot end up with weak hashes by a stray variable.
 * Either cost verifies: a hash carries its own parameters.
 */
export function scryptParamsFor(env: NodeJS.ProcessEnv): ScryptOptions {
  const cost = env.PASSWORD_HASH_COST;
  if (cost === undefined || cost === '') return PRODUCTION_SCRYPT;
  if (cost !== 'test') throw new Error(`PASSWORD_HASH_COST must be unset or "test", not "${cost}"`);
  if (!env.VITEST && env.NODE_ENV !== 'test')
    throw new Error('PASSWORD_HASH_COST=test is only for the test suite (VITEST or NODE_ENV=test)');
  return TEST_SCRYPT;
}

const PARAMS = scryptParamsFor(process.env);

const derive = (password: string, salt: Buffer, params: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...params, maxmem: 256 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );

/** Returns `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A valid hash of a random password: verifying against it costs the same time as a real user's, so an unknown email cannot be told apart from a wrong password by timing. */
export const DUMMY_HASH = await hashPassword(randomBytes(16).toString('hex'));
