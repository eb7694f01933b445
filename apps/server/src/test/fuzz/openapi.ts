import type { FastifyInstance } from 'fastify';

/** The part of JSON Schema the zod schemas of the document use (no $ref). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the served OpenAPI document, as the fuzzer needs it. */
export interface Operation {
  /** "POST /api/memo/{id}", as in the document */
  key: string;
  method: string;
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  /** the JSON request body, when the operation takes one */
  json?: { schema: JsonSchema; required: boolean };
  /** the multipart form of an upload: its text fields (the file part is `file`) */
  multipart?: { fields: string[] };
  /** a bearer session is asked for (the routes behind guard.optional say so too) */
  secured: boolean;
}

interface RawOperation {
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/**
 * Every operation of the document the app serves at /api/docs/json: the fuzzer reads it at
 * run time, so a route added tomorrow is fuzzed without anyone listing it.
 */
export async function servedOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`/api/docs/json answered ${res.statusCode}`);
  const document = res.json() as { paths: Record<string, Record<string, RawOperation>> };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const params = raw.parameters ?? [];
      const pick = (where: string) =>
        params
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema ?? {} }));
      const content = raw.requestBody?.content ?? {};
      const form = content['multipart/form-data']?.schema;
      const jsonType = Object.keys(content).find((type) => type.includes('json'));
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: pick('path'),
        query: pick('query'),
        json: jsonType
          ? {
              schema: content[jsonType]?.schema ?? {},
              required: raw.requestBody?.required ?? false,
            }
          : undefined,
        multipart: form
          ? { fields: Object.keys(form.properties ?? {}).filter((name) => name !== 'file') }
          : undefined,
        secured: (raw.security ?? []).length > 0,
      });
    }
  }
  return operations;
}
