import type { ApiModule } from '../module.js';
import { verifyRoutes } from './routes.js';

/**
 * `GET /verify/{code}`: anyone reads the signed terms and the state behind a code, without names or contacts;
 * `POST /verify/{code}` with the PDF file: whether it is the contract's current signed document.
 */
const module: ApiModule = { api: { '/verify': verifyRoutes } };
export default module;
