import type { FastifyInstance } from 'fastify';

export type JsonSchema = Record<string, any>;
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const WRITE_METHODS: ReadonlySet<Method> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface Parameter {
  name: string;
  schema: JsonSchema;
}

export interface Operation {
  method: Method;
  /** The OpenAPI path, e.g. `/api/v1/lahan/{id}`. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  /** Schema of the application/json body, when the route takes one. */
  body?: JsonSchema;
  /** The content type of a body that is a file itself (`application/pdf`), when the route takes one. */
  fileBody?: string;
  /** Reads the bearer token (the document does not mark it public with `security: []`). */
  authenticated: boolean;
  /** Success statuses documented with a body other than JSON (a document's file). */
  fileStatuses: number[];
}

const METHODS: Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Every route and method of the OpenAPI document the app generates, schemas with their `$ref`s inlined. */
export async function operationsOf(app: FastifyInstance): Promise<Operation[]> {
  await app.ready();
  const doc = app.swagger() as JsonSchema;
  const deref = (value: any, seen: string[] = []): any => {
    if (Array.isArray(value)) return value.map((item) => deref(item, seen));
    if (!value || typeof value !== 'object') return value;
    if (typeof value.$ref === 'string') {
      if (seen.includes(value.$ref)) throw new Error(`fuzz: recursive schema ${value.$ref}`);
      const target = value.$ref
        .replace(/^#\//, '')
        .split('/')
        .reduce((node: any, key: string) => node?.[key], doc);
      return deref(target, [...seen, value.$ref]);
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, deref(item, seen)]));
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<JsonSchema>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method.toLowerCase()];
      if (!op) continue;
      const params: JsonSchema[] = deref([...(item.parameters ?? []), ...(op.parameters ?? [])]);
      const of = (place: string) =>
        params.filter((p) => p.in === place).map((p) => ({ name: p.name as string, schema: p.schema ?? {} }));
      const body = deref(op.requestBody?.content?.['application/json']?.schema);
      const fileBody = Object.keys(op.requestBody?.content ?? {}).find((type) => type !== 'application/json');
      operations.push({
        method,
        path,
        pathParams: of('path'),
        query: of('query'),
        ...(body ? { body } : {}),
        ...(fileBody ? { fileBody } : {}),
        authenticated: !(Array.isArray(op.security) && op.security.length === 0),
        fileStatuses: Object.entries<JsonSchema>(op.responses ?? {})
          .filter(([, response]) => response.content && !response.content['application/json'])
          .map(([status]) => Number(status)),
      });
    }
  }
  return operations;
}
