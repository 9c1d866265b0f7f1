import type { PanelResource } from '../resource';

/** The contract types: no tab, read by the contract screens' type select and filter. */
export default {
  name: 'contract-category',
  api: { base: '/admin/contract-category' },
} satisfies PanelResource;
