import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Browser features the site and panel never use (lahan GPS is typed in, not read from the device). */
const UNUSED_FEATURES = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
];
const PERMISSIONS_POLICY = UNUSED_FEATURES.map((feature) => `${feature}=()`).join(', ');

export interface SecurityHeaderOptions {
  /** Hash sources of the inline scripts the built pages carry (see inline-scripts.ts). */
  scriptHashes: string[];
}

/**
 * Helmet's headers with a strict Content-Security-Policy on every answer, a Permissions-Policy, and
 * API answers that no cache keeps. Styles may be inline: MUI (emotion) writes <style> tags at run time
 * and React renders style attributes into the prerendered pages.
 */
export async function installSecurityHeaders(app: FastifyInstance, { scriptHashes }: SecurityHeaderOptions) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: for documents fetched with the token; https: for lahan photos, which are links to elsewhere.
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Browsers ignore it over plain http (RFC 6797 §8.1), so local http runs are unaffected; the
    // operator's other hosts are not ours to bind, hence no includeSubDomains.
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control'))
      reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
