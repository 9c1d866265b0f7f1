import { API_BASE_PATH } from '../../../shared/constants.js';

/** Where the owner or an admin reads a document (with their bearer token). */
export const documentUrl = (id: number) => `${API_BASE_PATH}/documents/${id}`;
