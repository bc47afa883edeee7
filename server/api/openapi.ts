/**
 * The API's machine-readable contract. Each module declares its operations with the same zod schemas it
 * validates with, and GET /api/openapi.json serves the document built from them.
 */
import { z } from 'zod';

export interface Operation {
  method: 'get' | 'post';
  /** The path under /api, in OpenAPI form (`/v2/college/articles/{id}`). */
  path: string;
  summary: string;
  tags: string[];
  body?: z.ZodType;
  query?: z.ZodType;
  /** The schema of `data` in a successful envelope. */
  data?: z.ZodType;
  /** Whether the call needs `X-Auth-Token`. */
  auth?: boolean;
  /** Business codes (other than 200) this call can answer, with what they mean. */
  errors?: Record<number, string>;
  /** A call that exists only in development mode (404 in production): left out of the production document. */
  devOnly?: boolean;
}

const operations: Operation[] = [];

/** Every operation the API modules have declared (the fuzz suite walks them all). */
export function listOperations(): readonly Operation[] {
  return operations;
}

export function defineOperation(operation: Operation): Operation {
  const existing = operations.findIndex((op) => op.method === operation.method && op.path === operation.path);
  if (existing >= 0) operations.splice(existing, 1, operation);
  else operations.push(operation);
  return operation;
}

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

function envelope(data?: z.ZodType) {
  return {
    type: 'object',
    required: ['code', 'message'],
    properties: {
      code: { type: 'integer', description: '200 on success, otherwise a business code (docs/api.md)' },
      message: { type: 'string', description: "in the request's language" },
      ...(data ? { data: jsonSchema(data) } : {}),
    },
  };
}

export function openApiDocument({ includeDevOnly }: { includeDevOnly: boolean }) {
  const paths: Record<string, Record<string, unknown>> = {};
  const listed = operations.filter((op) => includeDevOnly || !op.devOnly);
  for (const op of listed.sort((a, b) => a.path.localeCompare(b.path))) {
    const parameters: unknown[] = [];
    if (op.query) {
      const schema = jsonSchema(op.query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        parameters.push({ name, in: 'query', required: schema.required?.includes(name) ?? false, schema: property });
      }
    }
    for (const match of op.path.matchAll(/\{(\w+)\}/g)) {
      parameters.push({ name: match[1], in: 'path', required: true, schema: { type: 'string' } });
    }
    const errorText = Object.entries(op.errors ?? {})
      .map(([code, meaning]) => `- ${code}: ${meaning}`)
      .join('\n');
    paths[`/api${op.path}`] ??= {};
    paths[`/api${op.path}`][op.method] = {
      summary: op.summary,
      tags: op.tags,
      ...(errorText ? { description: `Business codes besides 200:\n${errorText}` } : {}),
      ...(op.auth ? { security: [{ token: [] }] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(op.body
        ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body) } } } }
        : {}),
      responses: {
        200: { description: 'The envelope', content: { 'application/json': { schema: envelope(op.data) } } },
        default: { description: 'An error envelope', content: { 'application/json': { schema: envelope() } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Portal API', version: '1', description: 'See docs/api.md for the business codes.' },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Auth-Token' } } },
    paths,
  };
}
