/**
 * Leaflet as the global `L`, which Geoman extends (geoman.ts imports this first). Leaflet's browser build sets
 * `window.L` itself, but under a test runner's DOM `window` is not the global object.
 */
import L from 'leaflet';

(globalThis as { L?: typeof L }).L ??= L;
