/*
 * Every API module, one line each: a module is its folder and its line here (README.md). Their order does
 * not matter: each registers its own prefixes, and the router picks a route by path, not by order.
 */
export { default as audit } from './audit/index.js';
export { default as auth } from './auth/index.js';
export { default as categories } from './categories/index.js';
export { default as contracts } from './contracts/index.js';
export { default as documents } from './documents/index.js';
export { default as downloads } from './downloads/index.js';
export { default as finance } from './finance/index.js';
export { default as health } from './health/index.js';
export { default as lahan } from './lahan/index.js';
export { default as locations } from './locations/index.js';
export { default as map } from './map/index.js';
export { default as me } from './me/index.js';
export { default as notifications } from './notifications/index.js';
export { default as notificationDelivery } from './notifications/delivery-module.js';
export { default as people } from './people/index.js';
export { default as settlement } from './settlement/index.js';
export { default as stats } from './stats/index.js';
export { default as trace } from './trace/index.js';
export { default as verify } from './verify/index.js';
