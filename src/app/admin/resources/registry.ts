import audit from './audit';
import category from './category';
import contract from './contract';
import contractCategory from './contract-category';
import downloads from './downloads';
import lahan from './lahan';
import location, { levels as locationLevels } from './location';
import mitra from './mitra';
import outbox from './outbox';
import petani from './petani';
import type { PanelResource } from './resource';
import users from './users';

/**
 * The registry: every resource of the panel, one line each. Those with a list are the tabs, in sidebar
 * order (docs/spec-notes.md §2); the first is the default tab. The data provider's paths, the i18n catalogue's
 * resource blocks and the menu are derived from it.
 */
export const resources: readonly PanelResource[] = [
  users,
  mitra,
  petani,
  contract,
  lahan,
  category,
  location,
  downloads,
  audit,
  outbox,
  contractCategory,
  ...locationLevels,
];
