/** GET /api/openapi.json, built from the calls declared in shared/contract. */
import { z } from 'zod';
import { accountsOperations } from '../../shared/contract/accounts';
import { collegeOperations } from '../../shared/contract/college';
import type { Operation } from '../../shared/contract/operation';
import { scanLoginOperations } from '../../shared/contract/scan-login';

export type { Operation };

const operations: readonly Operation[] = [
  ...Object.values(accountsOperations),
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

export function openApiDocument({ includeDevOnly }: { includeDevOnly: boolean }) {
  const paths: Record<string, Record<string, unknown>> = {};
  const listed = operations.filter((op) => includeDevOnly || !op.devOnly);
  for (const op of [...listed].sort((a, b) => a.path.localeCompare(b.path))) {
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
