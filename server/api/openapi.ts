/** GET /api/openapi.json, built from the calls declared in shared/contract. */
import { z } from 'zod';
import { accountOperations } from '../../shared/contract/account';
import { accountsOperations } from '../../shared/contract/accounts';
import { collegeOperations } from '../../shared/contract/college';
import type { Operation } from '../../shared/contract/operation';
import { scanLoginOperations } from '../../shared/contract/scan-login';

export type { Operation };

const operations: readonly Operation[] = [
  ...Object.values(accountsOperations),
  ...Object.values(accountOperations),
  ...Object.values(scanLoginOperations),
  ...Object.values(collegeOperations),
];

/** Every call of the contract (the fuzz suite walks them all). */
export const listOperations = (): readonly Operation[] => operations;

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

/** What an OpenAPI document describes: its calls, the prefix of their paths, its title and how calls sign in. */
export interface OpenApiSource {
  operations: readonly Operation[];
  /** Put before each operation's path: `/api`, `/console/api`. */
  prefix: string;
  info: { title: string; version: string; description: string };
  /** The scheme of the calls marked `auth` (the portal's X-Auth-Token), or those of every call (the console's cookie). */
  securitySchemes: Record<string, unknown>;
  /** The security requirement of a call (the console's cookie); by default `auth` calls require `token`. */
  securityOf?: (op: Operation) => Record<string, string[]>[] | undefined;
}

/** The OpenAPI 3.1 document of `operations` under `prefix` (the portal's API, the console's). */
export function buildOpenApi(source: OpenApiSource) {
  const paths: Record<string, Record<string, unknown>> = {};
  const { prefix } = source;
  for (const op of [...source.operations].sort((a, b) => a.path.localeCompare(b.path))) {
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
    const security = source.securityOf ? source.securityOf(op) : op.auth ? [{ token: [] }] : undefined;
    const errorText = Object.entries(op.errors ?? {})
      .map(([code, meaning]) => `- ${code}: ${meaning}`)
      .join('\n');
    paths[`${prefix}${op.path}`] ??= {};
    paths[`${prefix}${op.path}`][op.method] = {
      summary: op.summary,
      tags: op.tags,
      ...(errorText ? { description: `Business codes besides 200:\n${errorText}` } : {}),
      ...(security ? { security } : {}),
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
  return { openapi: '3.1.0', info: source.info, components: { securitySchemes: source.securitySchemes }, paths };
}

export function openApiDocument({ includeDevOnly }: { includeDevOnly: boolean }) {
  return buildOpenApi({
    operations: operations.filter((op) => includeDevOnly || !op.devOnly),
    prefix: '/api',
    info: { title: 'Portal API', version: '1', description: 'See docs/api.md for the business codes.' },
    securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Auth-Token' } },
  });
}
