import audit from './audit/index.js';
import auth from './auth/index.js';
import categories from './categories/index.js';
import contracts from './contracts/index.js';
import documents from './documents/index.js';
import downloads from './downloads/index.js';
import health from './health/index.js';
import lahan from './lahan/index.js';
import locations from './locations/index.js';
import me from './me/index.js';
import people from './people/index.js';
import stats from './stats/index.js';
import type { ApiModule } from './module.js';

export const modules: ApiModule[] = [
  health,
  auth,
  me,
  documents,
  people,
  stats,
  categories,
  locations,
  downloads,
  lahan,
  contracts,
  audit,
];
