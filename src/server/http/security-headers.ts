import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_BASE_PATH } from '../../shared/constants.js';

/** Browser features the site and panel never use. */
const UNUSED_FEATURES = [
  'accelerometer',
  'camera',
  'display-capture',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
];
/** A petani walks their lahan's boundary with the phone's GPS (src/app/account/lahan): this site only, no frame. */
const PERMISSIONS_POLICY = ['geolocation=(self)', ...UNUSED_FEATURES.map((feature) => `${feature}=()`)].join(
  ', ',
);

export interface SecurityHeaderOptions {
  /** Hash sources of the inline scripts the built pages carry (see inline-scripts.ts). */
  scriptHashes: string[];
  /** The map's tile hosts (config-map.ts `tileSources`), named in `img-src`. */
  tileSources?: string[];
}

/** Headers of every answer that Fastify itself writes, not helmet. */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers helmet writes with `options`, read once from a probe server: they depend on the options only,
 * while @fastify/helmet builds helmet's middleware again (parsing the whole policy) on every request.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const { headers } = await probe.inject('/');
  await probe.close();
  return Object.entries(headers).flatMap(([name, value]) =>
    OWN_HEADERS.has(name) || value === undefined ? [] : [[name, String(value)] as [string, string]],
  );
}

/** Helmet's headers that concern an API answer (OWASP REST Security Cheat Sheet), by name. */
const API_HEADERS = new Set(['strict-transport-security', 'x-content-type-options', 'x-frame-options']);
/**
 * An API answer is data, never a page to render: its policy allows nothing and no framing. The headers that
 * govern what a page does (script sources, COOP, Permissions-Policy, referrer, DNS prefetch, old-IE switches)
 * are left off the API's answers, which are most of the server's traffic: ~1 kB fewer per answer.
 */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Helmet's headers with a strict Content-Security-Policy on every page and file, a Permissions-Policy, and
 * the API's answers (under API_BASE_PATH) with the REST set: `API_POLICY`, nosniff, DENY, HSTS,
 * Cross-Origin-Resource-Policy, and no cache keeping them (a route may set its own Cache-Control or policy).
 * Styles may be inline: MUI (emotion) writes <style> tags at run time and React renders style attributes
 * into the prerendered pages. Set before the route runs, in one synchronous hook, like helmet's own: an
 * error answer carries them too.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  { scriptHashes, tileSources = [] }: SecurityHeaderOptions,
) {
  const headers = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // blob: for documents fetched with the token; https: for lahan photos, which are links to any host
        // (so it covers https tile hosts too; they are named anyway, and an http one needs it).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...tileSources],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // /akun's service worker (/sw.js) and its web app manifest, this site's own only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
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
  headers.push(['permissions-policy', PERMISSIONS_POLICY]);
  const apiHeaders: [string, string][] = [
    ['content-security-policy', API_POLICY],
    ['cross-origin-resource-policy', 'same-origin'],
    ...headers.filter(([name]) => API_HEADERS.has(name)),
  ];
  const apiPrefix = `${API_BASE_PATH}/`;
  app.addHook('onRequest', (request, reply, done) => {
    const res = reply.raw;
    if (request.url.startsWith(apiPrefix)) {
      for (const [name, value] of apiHeaders) res.setHeader(name, value);
      res.setHeader('cache-control', 'no-store');
    } else {
      for (const [name, value] of headers) res.setHeader(name, value);
      if (request.url.startsWith('/api/')) res.setHeader('cache-control', 'no-store');
    }
    done();
  });
}
