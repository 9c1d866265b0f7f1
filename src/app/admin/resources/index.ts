import { createContext, createElement, useContext } from 'react';
import { Resource } from 'react-admin';
import { resources } from './registry';
import type { PanelResource } from './resource';

/*
 * What the panel derives from a registry (registry.ts by default): nothing here is edited for a new resource.
 * AdminApp takes its registry as a prop and hands it down in RegistryContext, so a test (or another app) passes
 * its own list, e.g. the registry plus a fixture's resource, without replacing a module.
 */

export { resources };
export type Registry = readonly PanelResource[];

/** The sidebar's tabs. */
export const tabsOf = (registry: Registry) => registry.filter((resource) => resource.list);

/** Resource name → API paths, for createDataProvider. */
export const resourcePathsOf = (registry: Registry) =>
  Object.fromEntries(registry.map(({ name, api }) => [name, api]));

/** The registry as react-admin's `<Resource>` elements, the children of `<Admin>`. */
export const resourceElementsOf = (registry: Registry) =>
  registry.map(({ name, api: _api, messages: _messages, ...props }) =>
    createElement(Resource, { key: name, name, ...props }),
  );

/** The registry the panel was given (AdminApp's `resources`). */
export const RegistryContext = createContext<Registry>(resources);

/** The tabs of the panel's registry, for the menu and the header. */
export const useTabs = () => tabsOf(useContext(RegistryContext));

/** The default registry's tabs, paths and elements (tests that render pieces of the panel read these). */
export const tabs = tabsOf(resources);
export const resourcePaths = resourcePathsOf(resources);
export const resourceElements = resourceElementsOf(resources);
