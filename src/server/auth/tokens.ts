import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '../../shared/constants.js';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
const ISSUER = 'tanimitra';

export interface AccessClaims {
  userId: number;
  role: Role;
  /** The session (refresh-token family) the token belongs to: it works only while that session lives. */
  sessionId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export class TokenExpiredError extends Error {}
export class TokenInvalidError extends Error {}

export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign({ userId, role, sessionId }: AccessClaims): Promise<string> {
      return new SignJWT({ role, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key);
    },
    async verify(token: string): Promise<AccessClaims> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
          requiredClaims: ['sub', 'iat', 'exp', 'sid'],
        });
        const userId = Number(payload.sub);
        const { role, sid } = payload;
        if (
          !Number.isInteger(userId) ||
          typeof role !== 'string' ||
          typeof sid !== 'string' ||
          !UUID.test(sid)
        )
          throw new TokenInvalidError('bad claims');
        return { userId, role: role as Role, sessionId: sid };
      } catch (err) {
        if (err instanceof errors.JWTExpired) throw new TokenExpiredError('expired');
        throw new TokenInvalidError('invalid');
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** Opaque refresh token; only its SHA-256 is stored. */
export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
