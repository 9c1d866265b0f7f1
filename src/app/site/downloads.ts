import { API_BASE_PATH, MAX_PAGE_SIZE, type DownloadPlatform } from '../../shared/constants';
import { listBody } from '../api/envelope';

/** A published release as GET /api/v1/downloads answers it (docs/API.md, Download). */
export interface Release {
  id: number;
  name: string;
  platform: DownloadPlatform;
  version: string;
  size: string;
  downloads: number;
  rating: number;
  releaseDate: string;
  description: string;
  downloadUrl: string;
  changelog: string[];
}

/**
 * Every active release, newest first. The list is paged (10 rows unless asked), so it asks for the
 * largest page the API allows; the platform filter then runs over these rows in the browser.
 * Plain fetch (no axios) keeps the public pages' JS small.
 */
export async function fetchReleases(signal?: AbortSignal): Promise<Release[]> {
  const response = await fetch(`${API_BASE_PATH}/downloads?limit=${MAX_PAGE_SIZE}`, {
    signal,
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return listBody<Release>(await response.json()).data;
}

/** Counts one download; must not hold up the navigation that follows. */
export function countDownload(id: number) {
  void fetch(`${API_BASE_PATH}/downloads/${id}/hit`, { method: 'POST', keepalive: true }).catch(
    () => undefined,
  );
}
