import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DUMMY_HASH,
  hashPassword,
  PRODUCTION_SCRYPT,
  scryptParamsFor,
  verifyPassword,
} from '../../src/server/auth/passwords.js';

/** A hash as passwords.ts writes it, at the given cost. */
function hashAt(password: string, N: number): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
  return ['scrypt', N, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

describe('password hashing cost', () => {
  it('hashes at N=2^15, r=8, p=1 (32 MiB) unless the test cost is asked for', () => {
    expect(PRODUCTION_SCRYPT).toEqual({ N: 32768, r: 8, p: 1 });
    expect(scryptParamsFor({})).toEqual({ N: 32768, r: 8, p: 1 });
    expect(scryptParamsFor({ PASSWORD_HASH_COST: '', NODE_ENV: 'production' })).toEqual(PRODUCTION_SCRYPT);
  });

  it('refuses the test cost outside the test runner, and any other value', () => {
    expect(() => scryptParamsFor({ PASSWORD_HASH_COST: 'test' })).toThrow(/only for the test suite/);
    expect(() => scryptParamsFor({ PASSWORD_HASH_COST: 'test', NODE_ENV: 'production' })).toThrow(
      /only for the test suite/,
    );
    expect(() => scryptParamsFor({ PASSWORD_HASH_COST: 'low', VITEST: 'true' })).toThrow(/unset or "test"/);
    expect(scryptParamsFor({ PASSWORD_HASH_COST: 'test', NODE_ENV: 'test' })).toEqual({
      N: 1024,
      r: 8,
      p: 1,
    });
  });

  it('hashes at the test cost in this suite and verifies hashes of either cost by their own parameters', async () => {
    const hash = await hashPassword('Rahasia123!');
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(DUMMY_HASH).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('Rahasia123!', hash)).toBe(true);
    expect(await verifyPassword('Rahasia123?', hash)).toBe(false);
    const production = hashAt('Rahasia123!', 32768);
    expect(await verifyPassword('Rahasia123!', production)).toBe(true);
    expect(await verifyPassword('rahasia123!', production)).toBe(false);
  });
});
