import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { OSM_ATTRIBUTION, OSM_TILE_URL } from '../../src/server/config-map.js';
import { call, useTestApp } from './support/app.js';
import { configProblems } from './support/config-problems.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'tanimitra-map-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const problemsOf = (env: NodeJS.ProcessEnv) => configProblems({ DATA_DIR: dataDir }, env);

describe('MAP_* settings', () => {
  it("default to OpenStreetMap's tiles with their attribution and no satellite layer", () => {
    expect(loadConfig({ DATA_DIR: dataDir }).map).toEqual({
      tileUrl: OSM_TILE_URL,
      tileAttribution: OSM_ATTRIBUTION,
      satelliteTileUrl: null,
      satelliteAttribution: null,
    });
  });

  it('turn the base tiles off with MAP_TILE_URL=none', () => {
    expect(loadConfig({ DATA_DIR: dataDir, MAP_TILE_URL: 'none' }).map.tileUrl).toBeNull();
  });

  it('refuse every bad value at once', () => {
    expect(
      problemsOf({
        MAP_TILE_URL: 'ftp://tiles.example.com/{z}/{x}/{y}.png',
        MAP_SATELLITE_TILE_URL: 'https://sat.example.com/{z}/{y}.jpg',
      }),
    ).toEqual([
      'MAP_TILE_URL must be an http:// or https:// URL with {z}, {x} and {y}, or "none" (got "ftp://tiles.example.com/{z}/{x}/{y}.png")',
      'MAP_TILE_ATTRIBUTION is required with a MAP_TILE_URL of your own',
      'MAP_SATELLITE_TILE_URL must be an http:// or https:// URL with {z}, {x} and {y} (got "https://sat.example.com/{z}/{y}.jpg")',
      'MAP_SATELLITE_TILE_URL and MAP_SATELLITE_ATTRIBUTION must be set together (or neither)',
    ]);
    expect(
      problemsOf({ MAP_TILE_URL: 'https://a.{s}.example.com/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'x' }),
    ).toHaveLength(1);
    expect(
      problemsOf({ MAP_TILE_URL: 'https://t.example.com/{z}/{x}/{y}{q}.png', MAP_TILE_ATTRIBUTION: 'x' }),
    ).toHaveLength(1);
  });
});

const SATELLITE = {
  MAP_TILE_URL: 'http://tiles.example.test:8080/osm/{z}/{x}/{y}{r}.png',
  MAP_TILE_ATTRIBUTION: '&copy; Contoh',
  MAP_SATELLITE_TILE_URL: 'https://{s}.sat.example.com/{z}/{y}/{x}.jpg',
  MAP_SATELLITE_ATTRIBUTION: 'Citra &copy; Satelit Contoh',
};
const ctx = useTestApp(SATELLITE);

describe('GET /map/config and the page policy', () => {
  it('gives anyone the configured layers, without a token', async () => {
    const res = await call(ctx, { url: '/api/v1/map/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json.data).toEqual({
      tile_url: SATELLITE.MAP_TILE_URL,
      tile_attribution: SATELLITE.MAP_TILE_ATTRIBUTION,
      satellite_tile_url: SATELLITE.MAP_SATELLITE_TILE_URL,
      satellite_attribution: SATELLITE.MAP_SATELLITE_ATTRIBUTION,
    });
  });

  it("lets pages load images from the tile hosts and read the device's position on this site only", async () => {
    const res = await call(ctx, { url: '/akun' });
    const imgSrc = /img-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1]!.split(' ');
    expect(imgSrc).toEqual(
      expect.arrayContaining(['http://tiles.example.test:8080', 'https://*.sat.example.com']),
    );
    expect(res.headers['permissions-policy']).toMatch(/(^|, )geolocation=\(self\)(,|$)/);
    expect(res.headers['permissions-policy']).toContain('camera=()');
  });
});
