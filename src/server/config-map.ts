/** The base map's tile layers (README.md, "Map"): what the browser draws under the plots. */
export interface MapTiles {
  /** A `{z}/{x}/{y}` raster tile URL, or null (`MAP_TILE_URL=none`): only the shipped outline is drawn. */
  tileUrl: string | null;
  tileAttribution: string;
  satelliteTileUrl: string | null;
  satelliteAttribution: string | null;
}

export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/**
 * An http(s) tile URL with {z}, {x} and {y}; {s} (a subdomain) only as the host's first label, because a
 * Content-Security-Policy source can be a wildcard only there; {r} (retina suffix) allowed anywhere after the host.
 */
function isTileUrl(text: string): boolean {
  if (!['{z}', '{x}', '{y}'].every((p) => text.includes(p))) return false;
  const match = /^(https?):\/\/(\{s\}\.)?([a-z0-9.-]+(?::\d{1,5})?)(\/[^\s#]*)$/i.exec(text);
  if (!match) return false;
  return !/[{}]/.test(match[4]!.replace(/\{[zxyrs]\}/g, ''));
}

/** The MAP_* settings; a custom tile URL needs its attribution (a tile provider's terms ask for it). */
export function mapTilesOf(value: (name: string) => string | undefined, problems: string[]): MapTiles {
  const tileText = value('MAP_TILE_URL');
  const tileUrl = tileText === 'none' ? null : (tileText ?? OSM_TILE_URL);
  if (tileUrl !== null && !isTileUrl(tileUrl))
    problems.push(
      `MAP_TILE_URL must be an http:// or https:// URL with {z}, {x} and {y}, or "none" (got "${tileUrl}")`,
    );
  const tileAttribution = value('MAP_TILE_ATTRIBUTION') ?? (tileText === undefined ? OSM_ATTRIBUTION : '');
  if (tileUrl !== null && tileAttribution === '')
    problems.push('MAP_TILE_ATTRIBUTION is required with a MAP_TILE_URL of your own');

  const satelliteTileUrl = value('MAP_SATELLITE_TILE_URL') ?? null;
  const satelliteAttribution = value('MAP_SATELLITE_ATTRIBUTION') ?? null;
  if (satelliteTileUrl !== null && !isTileUrl(satelliteTileUrl))
    problems.push(
      `MAP_SATELLITE_TILE_URL must be an http:// or https:// URL with {z}, {x} and {y} (got "${satelliteTileUrl}")`,
    );
  if ((satelliteTileUrl === null) !== (satelliteAttribution === null))
    problems.push('MAP_SATELLITE_TILE_URL and MAP_SATELLITE_ATTRIBUTION must be set together (or neither)');
  return { tileUrl, tileAttribution, satelliteTileUrl, satelliteAttribution };
}

/** The CSP `img-src` sources of the configured tiles: scheme and host (`{s}.` as `*.`), port kept. */
export const tileSources = (tiles: MapTiles): string[] => [
  ...new Set(
    [tiles.tileUrl, tiles.satelliteTileUrl].flatMap((url) =>
      url ? [/^https?:\/\/[^/]+/i.exec(url)![0].replace('{s}.', '*.').toLowerCase()] : [],
    ),
  ),
];
