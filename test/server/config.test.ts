import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEMO_ADMIN, loadConfig } from '../../src/server/config.js';
import { checkSigningP12 } from '../../src/server/modules/contracts/pdf-signing-key.js';
import { operatorP12 } from '../support/pdf-signing.js';
import { configProblems } from './support/config-problems.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tanimitra-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const problemsOf = (env: NodeJS.ProcessEnv) => configProblems({ DATA_DIR: dataDir }, env);

describe('loadConfig', () => {
  it('defaults to the embedded demo on 127.0.0.1:3000 with a secret kept in DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: undefined,
      seed: 'demo',
      adminEmail: DEMO_ADMIN.email,
      adminPassword: DEMO_ADMIN.password,
      logLevel: 'info',
      trustProxy: false,
      workers: 1,
    });
    expect(config.jwtSecret).toBe(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8'));
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('reports every bad value at once, each with what it must be', () => {
    const problems = problemsOf({
      PORT: '70000',
      DATABASE_URL: 'mysql://db',
      SEED: 'some',
      ADMIN_EMAIL: 'admin',
      ADMIN_PASSWORD: 'short',
      LOG_LEVEL: 'loud',
      TRUST_PROXY: 'yes please',
    });
    expect(problems).toEqual([
      'PORT must be a whole number from 0 to 65535 (got "70000")',
      'DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for the embedded database)',
      'JWT_SECRET is required when DATABASE_URL is set (every API process must share it)',
      'SEED must be "demo" or "none" (got "some")',
      'ADMIN_EMAIL is not an email address ("admin")',
      'ADMIN_PASSWORD must be at least 8 characters long',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      'TRUST_PROXY must be true, false, or a comma-separated list of proxy IP addresses or CIDR ranges',
    ]);
    expect(problemsOf({ JWT_SECRET: 'too-short' })).toEqual([
      'JWT_SECRET must be at least 32 characters long',
    ]);
  });

  it('uses a PostgreSQL server without demo data unless SEED asks for it', () => {
    const env = { DATABASE_URL: 'postgres://u@db:5432/tanimitra', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(env)).toMatchObject({ databaseUrl: env.DATABASE_URL, seed: 'none' });
    expect(loadConfig({ ...env, SEED: 'demo' }).seed).toBe('demo');
  });

  it('trusts a proxy by flag or address list', () => {
    const trust = (TRUST_PROXY: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY }).trustProxy;
    expect(trust('true')).toBe(true);
    expect(problemsOf({ TRUST_PROXY: '1' })).toHaveLength(1);
    expect(trust('10.0.0.0/8, 127.0.0.1,::1')).toBe('10.0.0.0/8,127.0.0.1,::1');
  });

  it('runs WORKERS API processes: a number, or auto for one per core', () => {
    const workers = (WORKERS: string) => loadConfig({ DATA_DIR: dataDir, WORKERS }).workers;
    expect(workers('4')).toBe(4);
    expect(workers('auto')).toBe(availableParallelism());
    for (const bad of ['0', '-1', '1.5', 'two', '65', 'all']) {
      expect(problemsOf({ WORKERS: bad })).toEqual([
        `WORKERS must be "auto" or a whole number from 1 to 64 (got "${bad}")`,
      ]);
    }
  });

  it('starts due contracts unless CONTRACT_AUTO_START is off', () => {
    const autoStart = (CONTRACT_AUTO_START?: string) =>
      loadConfig({ DATA_DIR: dataDir, CONTRACT_AUTO_START }).autoStartContracts;
    expect(autoStart()).toBe(true);
    expect(autoStart('on')).toBe(true);
    expect(autoStart('off')).toBe(false);
    expect(problemsOf({ CONTRACT_AUTO_START: 'no' })).toEqual([
      'CONTRACT_AUTO_START must be "on" or "off" (got "no")',
    ]);
  });

  it('gives a request REQUEST_TIMEOUT_MS to arrive, 2 minutes unless set', () => {
    const timeout = (REQUEST_TIMEOUT_MS?: string) =>
      loadConfig({ DATA_DIR: dataDir, REQUEST_TIMEOUT_MS }).requestTimeoutMs;
    expect(timeout()).toBe(120_000);
    expect(timeout('5000')).toBe(5000);
    for (const bad of ['0', '99', '1e4', '-1', '3600001', 'soon'])
      expect(problemsOf({ REQUEST_TIMEOUT_MS: bad }), bad).toEqual([
        `REQUEST_TIMEOUT_MS must be a whole number of milliseconds from 100 to 3600000 (got "${bad}")`,
      ]);
  });
});

describe('PUBLIC_URL and SIGNING_P12', () => {
  it('prints PDFs for PUBLIC_URL, by default the server’s own http://HOST:PORT', () => {
    const publicUrl = (env: NodeJS.ProcessEnv) => loadConfig({ DATA_DIR: dataDir, ...env }).publicUrl;
    expect(publicUrl({})).toBe('http://127.0.0.1:3000');
    expect(publicUrl({ HOST: '0.0.0.0', PORT: '8080' })).toBe('http://0.0.0.0:8080');
    expect(publicUrl({ HOST: '::1' })).toBe('http://[::1]:3000');
    expect(publicUrl({ PUBLIC_URL: 'https://tanimitra.id' })).toBe('https://tanimitra.id');
    expect(publicUrl({ PUBLIC_URL: 'https://contoh.id/tanimitra' })).toBe('https://contoh.id/tanimitra');
    for (const bad of [
      'tanimitra.id',
      'ftp://tanimitra.id',
      'https://tanimitra.id/',
      'https://a.id?x=1',
      'https://u:p@a.id',
    ])
      expect(problemsOf({ PUBLIC_URL: bad }), bad).toEqual([
        `PUBLIC_URL must be an http:// or https:// URL without a path's trailing slash, query or fragment (got "${bad}")`,
      ]);
  });

  it('signs with SIGNING_P12 when it names a readable file', () => {
    const file = path.join(dataDir, 'operator.p12');
    writeFileSync(file, 'p12');
    expect(loadConfig({ DATA_DIR: dataDir }).signingP12).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: dataDir, SIGNING_P12: file, SIGNING_P12_PASSWORD: 'rahasia' }).signingP12,
    ).toEqual({
      file,
      password: 'rahasia',
    });
    expect(problemsOf({ SIGNING_P12: path.join(dataDir, 'missing.p12') })).toEqual([
      `SIGNING_P12 must name a readable PKCS#12 (.p12) file (got "${path.join(dataDir, 'missing.p12')}")`,
    ]);
  });

  it('stops the server at start when SIGNING_P12_PASSWORD does not open SIGNING_P12', () => {
    const file = path.join(dataDir, 'operator-real.p12');
    writeFileSync(file, operatorP12('PT Operator TaniMitra', 'rahasia'));
    const env = { DATA_DIR: dataDir, SIGNING_P12: file };
    expect(() => checkSigningP12(loadConfig({ ...env, SIGNING_P12_PASSWORD: 'rahasia' }))).not.toThrow();
    expect(() => checkSigningP12(loadConfig({ ...env, SIGNING_P12_PASSWORD: 'salah' }))).toThrow(ConfigError);

    // The embedded database's configuration, whichever database the suite runs on.
    const { DATABASE_URL: _database, ...processEnv } = process.env;
    const start = spawnSync('npx', ['tsx', 'src/server/main.ts'], {
      env: { ...processEnv, ...env, SIGNING_P12_PASSWORD: 'salah', PORT: '0', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(start.status).toBe(1);
    expect(start.stderr).toContain('SIGNING_P12 cannot be opened with SIGNING_P12_PASSWORD');
  });
});
