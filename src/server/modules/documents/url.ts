import { sql, type SQL } from 'drizzle-orm';
import { API_BASE_PATH } from '../../../shared/constants.js';
import { literal } from '../../db/lists/json.js';

const DOCUMENTS_PATH = `${API_BASE_PATH}/documents/`;

/** Where the owner or an admin reads a document (with their bearer token). */
export const documentUrl = (id: number) => `${DOCUMENTS_PATH}${id}`;

/** SQL: `documentUrl` of a document id, or null for a null id. */
export const documentUrlSql = (id: SQL): SQL<string | null> =>
  sql<string | null>`(${literal(DOCUMENTS_PATH)} || ${id})`;
