import type { ApiModule } from '../module.js';
import { financeRoutes } from './routes.js';

/** The admin's finance view: totals, what each mitra owes, overdue payments, CSV exports (`/admin/finance`). */
const module: ApiModule = { admin: { '/finance': financeRoutes } };
export default module;
