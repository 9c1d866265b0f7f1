import type { ResourceProps } from 'react-admin';
import type { ResourcePaths } from '../providers/endpoints';

/** A resource's texts: `resources.<name>` (react-admin's name and field labels) and `tm.<name>` (the panel's own). */
export interface ResourceMessages {
  resource: { name: string; fields?: Record<string, string> };
  /** `title` is the tab, header and list title; `empty` and `delete_confirm` are read by ResourceList. */
  tm: { title: string } & Record<string, unknown>;
}

/**
 * Everything about one resource: its folder's index.ts default-exports one (see README.md). A resource
 * with a list is a tab; one without is only read through references (contract-category).
 */
export interface PanelResource extends Pick<
  ResourceProps,
  'list' | 'create' | 'edit' | 'show' | 'icon' | 'recordRepresentation'
> {
  /** react-admin's resource name: the panel path (/admin/<name>), the i18n keys, the data provider's key. */
  name: string;
  api: ResourcePaths;
  messages?: ResourceMessages;
}
