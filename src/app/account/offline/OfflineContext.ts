import { createContext } from 'react';
import { deviceStore } from './deviceStore';
import type { OfflineStore } from './store';

/** Where /akun keeps its queue and last answers: the device's IndexedDB; tests give a memoryStore. */
export const OfflineStoreContext = createContext<OfflineStore>(deviceStore());
