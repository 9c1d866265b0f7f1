import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PASSWORD_MIN } from '../shared/constants.js';
import { mapTilesOf, type MapTiles } from './config-map.js';

export type SeedMode = 'demo' | 'none';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** A `postgres://` URL, or undefined for the embedded PGlite database under `dataDir`. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  seed: SeedMode;
  adminEmail: string;
  adminPassword: string;
  logLevel: LogLevel;
  /** Fastify's `trustProxy`: whose X-Forwarded-For to believe for the client address (sign-in limits). */
  trustProxy: boolean | string;
  /** API processes to run under node:cluster (PostgreSQL only; the embedded database is one process). */
  workers: number;
  /** Whether this process starts approved contracts on their start date (modules/contracts/actions.ts). */
  autoStartContracts: boolean;
  /** How long a request (head and body) may take to arrive before it is answered 408 and its connection closed. */
  requestTimeoutMs: number;
  /** The site's address as printed in contract PDFs (`<publicUrl>/verifikasi/<code>`): never a request's Host. */
  publicUrl: string;
  /** An operator's certificate and key (PKCS#12) that signs contract PDFs; unset: the generated one. */
  signingP12: { file: string; password: string } | undefined;
  /** Email notifications through SMTP (`SMTP_URL`, `MAIL_FROM`); unset: no email is queued. */
  email: { smtpUrl: string; from: string } | undefined;
  /** WhatsApp notifications through the Cloud API (template messages); unset: no WhatsApp is queued. */
  whatsapp: WhatsappConfig | undefined;
  /** How often a notification's message is tried, and the first wait between tries (doubling after each). */
  delivery: { maxTries: number; retryDelaySeconds: number };
  /** The base map's tiles (`MAP_*`, config-map.ts), given to the browser by GET /map/config. */
  map: MapTiles;
}

export interface WhatsappConfig {
  token: string;
  phoneNumberId: string;
  /** The Graph API's versioned base, e.g. `https://graph.facebook.com/v21.0`. */
  apiUrl: string;
  /** An approved template whose body takes {{1}} the notification's title and {{2}} its link. */
  template: string;
  language: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const MAX_WORKERS = 64;
/** The largest body (a 5 MB document, base64 in JSON: about 7 MB) arrives in 2 minutes at 0.5 Mbit/s. */
const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;
const MAX_REQUEST_TIMEOUT_MS = 3_600_000;
export const DEMO_ADMIN = { email: 'admin@tanimitra.id', password: 'Admin123!' } as const;

/** Reads and validates the environment (README.md, Configuration); every bad value is reported at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const value = (name: string) => {
    const v = env[name]?.trim();
    return v === '' ? undefined : v;
  };

  const portText = value('PORT') ?? '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 0 || port > 65535) {
    problems.push(`PORT must be a whole number from 0 to 65535 (got "${portText}")`);
  }

  const host = value('HOST') ?? '127.0.0.1';
  const dataDir = path.resolve(value('DATA_DIR') ?? './data');

  const databaseUrl = value('DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\/.+/.test(databaseUrl)) {
    problems.push(
      'DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the embedded database)',
    );
  }

  let jwtSecret = value('JWT_SECRET');
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters long');
  }
  if (jwtSecret === undefined && databaseUrl !== undefined) {
    problems.push('JWT_SECRET is required when DATABASE_URL is set (every API process must share it)');
  }

  const seedText = value('SEED') ?? (databaseUrl ? 'none' : 'demo');
  if (seedText !== 'demo' && seedText !== 'none')
    problems.push(`SEED must be "demo" or "none" (got "${seedText}")`);

  const adminEmail = value('ADMIN_EMAIL') ?? DEMO_ADMIN.email;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail))
    problems.push(`ADMIN_EMAIL is not an email address ("${adminEmail}")`);
  const adminPassword = value('ADMIN_PASSWORD') ?? DEMO_ADMIN.password;
  if (adminPassword.length < PASSWORD_MIN)
    problems.push(`ADMIN_PASSWORD must be at least ${PASSWORD_MIN} characters long`);

  const logLevel = (value('LOG_LEVEL') ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const trustProxy = parseTrustProxy(value('TRUST_PROXY') ?? 'false');
  if (trustProxy === undefined) {
    problems.push(
      'TRUST_PROXY must be true, false, or a comma-separated list of proxy IP addresses or CIDR ranges',
    );
  }

  const workersText = value('WORKERS') ?? '1';
  const workers = workersText === 'auto' ? availableParallelism() : Number(workersText);
  if (workersText !== 'auto' && (!/^\d+$/.test(workersText) || workers < 1 || workers > MAX_WORKERS)) {
    problems.push(`WORKERS must be "auto" or a whole number from 1 to ${MAX_WORKERS} (got "${workersText}")`);
  }

  const timeoutText = value('REQUEST_TIMEOUT_MS') ?? String(DEFAULT_REQUEST_TIMEOUT_MS);
  const requestTimeoutMs = Number(timeoutText);
  if (!/^\d+$/.test(timeoutText) || requestTimeoutMs < 100 || requestTimeoutMs > MAX_REQUEST_TIMEOUT_MS) {
    problems.push(
      `REQUEST_TIMEOUT_MS must be a whole number of milliseconds from 100 to ${MAX_REQUEST_TIMEOUT_MS} (got "${timeoutText}")`,
    );
  }

  const autoStartText = value('CONTRACT_AUTO_START') ?? 'on';
  if (autoStartText !== 'on' && autoStartText !== 'off')
    problems.push(`CONTRACT_AUTO_START must be "on" or "off" (got "${autoStartText}")`);

  const publicUrl = value('PUBLIC_URL') ?? `http://${host.includes(':') ? `[${host}]` : host}:${portText}`;
  if (value('PUBLIC_URL') !== undefined && !isPublicUrl(publicUrl)) {
    problems.push(
      `PUBLIC_URL must be an http:// or https:// URL without a path's trailing slash, query or fragment (got "${publicUrl}")`,
    );
  }

  const signingP12 = signingP12Of(value('SIGNING_P12'), env.SIGNING_P12_PASSWORD ?? '', problems);
  const { email, whatsapp, delivery } = channelsOf(value, problems);
  const map = mapTilesOf(value, problems);

  if (problems.length > 0) throw new ConfigError(problems);

  if (jwtSecret === undefined) jwtSecret = persistentSecret(dataDir);

  return {
    port,
    host,
    dataDir,
    databaseUrl,
    jwtSecret,
    seed: seedText as SeedMode,
    adminEmail,
    adminPassword,
    logLevel,
    trustProxy: trustProxy!,
    workers,
    autoStartContracts: autoStartText === 'on',
    requestTimeoutMs,
    publicUrl,
    signingP12,
    email,
    whatsapp,
    delivery,
    map,
  };
}

const DEFAULT_WHATSAPP_API_URL = 'https://graph.facebook.com/v21.0';

/** The notification channels (README.md, Notifications): each is off until its settings are given. */
function channelsOf(value: (name: string) => string | undefined, problems: string[]) {
  const smtpUrl = value('SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/?#]+\/?(\?.*)?$/.test(smtpUrl))
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587');
  const from = value('MAIL_FROM') ?? 'TaniMitra <noreply@tanimitra.id>';
  if (!/^([^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/.test(from))
    problems.push(`MAIL_FROM must be an address, e.g. "TaniMitra <noreply@tanimitra.id>" (got "${from}")`);

  const token = value('WHATSAPP_TOKEN');
  const phoneNumberId = value('WHATSAPP_PHONE_NUMBER_ID');
  if ((token === undefined) !== (phoneNumberId === undefined))
    problems.push('WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID must be set together (or neither)');
  if (phoneNumberId !== undefined && !/^\d{1,32}$/.test(phoneNumberId))
    problems.push(
      `WHATSAPP_PHONE_NUMBER_ID must be the digits of the sender's number id (got "${phoneNumberId}")`,
    );
  const apiUrl = value('WHATSAPP_API_URL') ?? DEFAULT_WHATSAPP_API_URL;
  if (!isPublicUrl(apiUrl))
    problems.push(
      `WHATSAPP_API_URL must be an http:// or https:// URL without a trailing slash (got "${apiUrl}")`,
    );
  const template = value('WHATSAPP_TEMPLATE') ?? 'tanimitra_notifikasi';
  const language = value('WHATSAPP_TEMPLATE_LANGUAGE') ?? 'id';

  const maxTries = wholeNumber(value('NOTIFY_MAX_TRIES') ?? '8', 1, 50, 'NOTIFY_MAX_TRIES', problems);
  const retryDelaySeconds = wholeNumber(
    value('NOTIFY_RETRY_DELAY_SECONDS') ?? '30',
    1,
    3600,
    'NOTIFY_RETRY_DELAY_SECONDS',
    problems,
  );
  return {
    email: smtpUrl === undefined ? undefined : { smtpUrl, from },
    whatsapp:
      token === undefined || phoneNumberId === undefined
        ? undefined
        : { token, phoneNumberId, apiUrl, template, language },
    delivery: { maxTries, retryDelaySeconds },
  };
}

function wholeNumber(text: string, min: number, max: number, name: string, problems: string[]): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max)
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${text}")`);
  return n;
}

/** An absolute http(s) URL with a host, no query, fragment, credentials or trailing slash. */
function isPublicUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.host !== '' &&
    url.username === '' &&
    url.password === '' &&
    !text.endsWith('/') &&
    !/[?#]/.test(text)
  );
}

function signingP12Of(file: string | undefined, password: string, problems: string[]) {
  if (file === undefined) return undefined;
  const resolved = path.resolve(file);
  try {
    accessSync(resolved, constants.R_OK);
  } catch {
    problems.push(`SIGNING_P12 must name a readable PKCS#12 (.p12) file (got "${file}")`);
  }
  return { file: resolved, password };
}

const IP_OR_CIDR = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(\/\d{1,3})?$/i;

function parseTrustProxy(text: string): boolean | string | undefined {
  if (text === 'true' || text === 'false') return text === 'true';
  const addresses = text.split(',').map((a) => a.trim());
  return addresses.every((a) => IP_OR_CIDR.test(a)) ? addresses.join(',') : undefined;
}

/** In embedded mode the signing secret is generated once and kept beside the data, so tokens survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
