import { createElement } from 'react';
import { Resource } from 'react-admin';
import audit from './audit';
import category from './category';
import contract from './contract';
import contractCategory from './contract-category';
import downloads from './downloads';
import lahan from './lahan';
import location, { levels as locationLevels } from './location';
import mitra from './mitra';
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
  contractCategory,
  ...locationLevels,
];

/** The sidebar's tabs. */
export const tabs = resources.filter((resource) => resource.list);

/** Resource name → API paths, for createDataProvider. */
export const resourcePaths = Object.fromEntries(resources.map(({ name, api }) => [name, api]));

/** The registry as react-admin's `<Resource>` elements, the children of `<Admin>`. */
export const resourceElements = resources.map(({ name, api: _api, messages: _messages, ...props }) =>
  createElement(Resource, { key: name, name, ...props }),
);
