/** The database schema (Drizzle), one module per area under `tables/`; drizzle-kit reads it from here. */
export * from './tables/areas.js';
export * from './tables/audit.js';
export * from './tables/categories.js';
export { alphabeticalRank, idPart, SEARCH_PARTS } from './tables/columns.js';
export * from './tables/contract-lifecycle.js';
export * from './tables/contracts.js';
export * from './tables/downloads.js';
export * from './tables/idempotency.js';
export * from './tables/lahan.js';
export * from './tables/lahan-grid.js';
export * from './tables/list-counts.js';
export * from './tables/notifications.js';
export * from './tables/people.js';
export * from './tables/sessions.js';
export * from './tables/signing-key.js';
