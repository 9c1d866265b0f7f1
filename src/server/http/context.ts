import type { Role } from '../../shared/constants.js';
import type { TokenSigner } from '../auth/tokens.js';
import type { Config } from '../config.js';
import type { Db } from '../db/engine/client.js';

/** The signed-in caller, loaded from the database on every authenticated request. */
export interface AuthUser {
  id: number;
  role: Role;
  email: string;
  full_name: string;
  /** Read per request: an unverified mitra sees no petani (modules/people/visibility.ts). */
  status_verifikasi: boolean;
}

/**
 * What a read needs of its caller to build its SQL. `status_verifikasi` is known for every caller but an admin or
 * petani whose session the read's own statement checks (http/guards.ts `viewerOf`); a mitra is always checked first.
 */
export type Viewer = Pick<AuthUser, 'id' | 'role'> & { status_verifikasi?: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    tokens: TokenSigner;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** The database for this request's queries: its write's transaction (http/write-transaction.ts), or `server.db`. */
    db: Db;
  }
  interface FastifyContextConfig {
    /** A GET whose statement checks an admin's or petani's session itself (http/guards.ts `sessionCheck`). */
    sessionInQuery?: boolean;
    /** Language of the route's own messages; default English under /admin, Indonesian elsewhere (body-fields.ts). */
    language?: 'id' | 'en';
  }
}
