import { useEffect, useState } from 'react';
import { API_BASE_PATH } from '../../shared/constants';

/** GET /api/v1/map/config (public, docs/API.md "Map"): the base layers the server is configured with. */
export interface MapConfig {
  /** `{z}/{x}/{y}` raster tile URL, or null when the base map is off (only the offline outline shows). */
  tile_url: string | null;
  tile_attribution: string;
  satellite_tile_url: string | null;
  satellite_attribution: string | null;
}

let request: Promise<MapConfig | null> | undefined;

/**
 * Asked once per page load; a failure (offline) leaves the map with its outline and asks again next time. A screen
 * that loads its map lazily calls it as it starts loading the map's code, so both arrive together.
 */
export function loadMapConfig(): Promise<MapConfig | null> {
  request ??= fetch(`${API_BASE_PATH}/map/config`)
    .then(async (res) => (res.ok ? ((await res.json()) as { data: MapConfig }).data : null))
    .catch(() => null)
    .then((config) => {
      if (!config) request = undefined;
      return config;
    });
  return request;
}

/** The configured base layers; null until they arrive, and when they cannot. */
export function useMapConfig(): MapConfig | null {
  const [config, setConfig] = useState<MapConfig | null>(null);
  useEffect(() => {
    let live = true;
    void loadMapConfig().then((c) => live && setConfig(c));
    return () => {
      live = false;
    };
  }, []);
  return config;
}
