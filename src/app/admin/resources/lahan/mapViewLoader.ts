import { loadMapConfig } from '../../../map/mapConfig';
import { remembered } from '../../remembered';

/**
 * The lahan tab's map view (`LahanMapView.tsx`: Leaflet, the outline) as a chunk loaded once, with the map's base
 * layers (`loadMapConfig`) asked at the same time. This module is in the main chunk (firstScreens.ts starts it at
 * boot when the tab will open on the map), so it holds the loader only, nothing it loads.
 */
export const loadLahanMapView = remembered(() => {
  void loadMapConfig();
  return import('./LahanMapView');
});

/** The panel store's key of the tab's "Daftar | Peta" choice (LahanList.tsx `useStore`). */
export const LAHAN_VIEW_KEY = 'lahan.view';

/**
 * Whether the tab opens on the map: the choice as react-admin's localStorageStore keeps it (the item
 * `RaStore.<key>`, JSON), read before the panel's code has arrived.
 */
export function mapChosen(storage: Pick<Storage, 'getItem'> = window.localStorage): boolean {
  try {
    return storage.getItem(`RaStore.${LAHAN_VIEW_KEY}`) === '"map"';
  } catch {
    return false; // storage refused (private mode): the list, as the panel's default
  }
}
