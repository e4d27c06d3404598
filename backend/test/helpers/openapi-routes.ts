import { readFileSync } from 'node:fs';

/** The subset of JSON Schema that Nest's Swagger module writes. */
export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  allOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

export interface QueryParam {
  name: string;
  required: boolean;
  schema: Schema;
}

/** One operation of openapi.json, as the suites drive it. */
export interface Route {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** As documented, e.g. `/api/protected/reports/{id}`. */
  path: string;
  isPrivate: boolean;
  pathParams: string[];
  query: QueryParam[];
  /** `json`, `multipart` or none; the body schema has its `$ref`s resolved. */
  body?: { kind: 'json' | 'multipart'; schema: Schema };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}
interface Operation {
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: Schema }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
}

const document = JSON.parse(readFileSync(new URL('../../../openapi.json', import.meta.url), 'utf8')) as OpenApiDocument;

/** Inlines `$ref`s so generators can walk the schema without the document. */
export function resolveSchema(schema: Schema, depth = 0): Schema {
  if (depth > 10) return {};
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return resolveSchema(document.components.schemas[name], depth + 1);
  }
  const out: Schema = { ...schema };
  if (schema.items) out.items = resolveSchema(schema.items, depth + 1);
  if (schema.properties) {
    out.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, resolveSchema(value, depth + 1)]),
    );
  }
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => resolveSchema(s, depth + 1))) as Schema;
  return out;
}

/** Every operation in openapi.json: the suites iterate this, so a new route is covered the day it is documented. */
export const ROUTES: Route[] = Object.entries(document.paths).flatMap(([path, operations]) =>
  Object.entries(operations).map(([method, op]): Route => {
    const content = op.requestBody?.content ?? {};
    const json = content['application/json'];
    const multipart = content['multipart/form-data'];
    return {
      method: method as Route['method'],
      path,
      isPrivate: (op.security ?? []).length > 0,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      query: (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, required: Boolean(p.required), schema: resolveSchema(p.schema ?? {}) })),
      body: json
        ? { kind: 'json', schema: resolveSchema(json.schema) }
        : multipart
          ? { kind: 'multipart', schema: resolveSchema(multipart.schema) }
          : undefined,
    };
  }),
);

export const PRIVATE_ROUTES = ROUTES.filter((route) => route.isPrivate);

export const routeName = (route: Route) => `${route.method.toUpperCase()} ${route.path}`;

/**
 * A body made of the schema's documented examples (required fields and documented optional ones): what a
 * well-behaved client would send, so a refusal is about who asks, not what is sent.
 */
export function exampleOf(schema: Schema): unknown {
  if (schema.example !== undefined) return schema.example;
  if (schema.enum) return schema.enum[0];
  if (schema.type === 'array') return schema.items ? [exampleOf(schema.items)] : [];
  if (schema.type === 'object' || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([, s]) => s.format !== 'binary' && s.format !== 'uuid')
        .map(([key, s]) => [key, exampleOf(s)]),
    );
  }
  if (schema.type === 'number' || schema.type === 'integer') return schema.minimum ?? 1;
  if (schema.type === 'boolean') return true;
  return 'example';
}

/** The route's required query parameters with documented values, so a well-formed call gets past validation. */
export const requiredQuery = (route: Route): Record<string, string> =>
  Object.fromEntries(route.query.filter((q) => q.required).map((q) => [q.name, String(exampleOf(q.schema))]));

/** Whether openapi.json documents this operation (features still on other branches may not be there yet). */
export const documents = (name: string): boolean => ROUTES.some((route) => routeName(route) === name);
