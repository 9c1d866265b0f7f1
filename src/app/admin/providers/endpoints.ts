/**
 * A resource's API paths (docs/API.md), declared in its folder's index.ts. `update` is only needed when the
 * admin edit path differs from the resource path, `alwaysSend` when an update must repeat fields that did
 * not change (people updates require full_name and email).
 */
export interface ResourcePaths {
  base: string;
  update?: string;
  alwaysSend?: readonly string[];
}

export interface Endpoints {
  list: string;
  create: string;
  one(id: string | number): string;
  update(id: string | number): string;
  delete(id: string | number): string;
  alwaysSend: readonly string[];
}

/** Resource name → its endpoints, over the paths of the resource registry. */
export function endpointsIn(paths: Readonly<Record<string, ResourcePaths>>) {
  return function endpointsFor(resource: string): Endpoints {
    const resourcePaths = paths[resource];
    if (!resourcePaths) throw new Error(`Unknown resource: ${resource}`);
    const { base, update = base, alwaysSend = [] } = resourcePaths;
    return {
      list: base,
      create: base,
      one: (id) => `${base}/${id}`,
      update: (id) => `${update}/${id}`,
      delete: (id) => `${base}/${id}`,
      alwaysSend,
    };
  };
}
