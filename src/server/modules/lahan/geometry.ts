/** The server's checks and measures of a lahan's gps are the browser's too: src/shared/geometry.ts. */
export { measureGps, validateBoundary, type Measured } from '../../../shared/geometry.js';
