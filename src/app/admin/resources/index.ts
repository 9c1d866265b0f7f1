import { createElement } from 'react';
import { Resource } from 'react-admin';
import { resources } from './registry';

/* What the panel derives from the registry (registry.ts): nothing here is edited for a new resource. */

export { resources };

/** The sidebar's tabs. */
export const tabs = resources.filter((resource) => resource.list);

/** Resource name → API paths, for createDataProvider. */
export const resourcePaths = Object.fromEntries(resources.map(({ name, api }) => [name, api]));

/** The registry as react-admin's `<Resource>` elements, the children of `<Admin>`. */
export const resourceElements = resources.map(({ name, api: _api, messages: _messages, ...props }) =>
  createElement(Resource, { key: name, name, ...props }),
);
