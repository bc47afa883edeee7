/**
 * Serves one call of the contract (shared/contract): its method, path, validation and OpenAPI entry come from the
 * one declaration. The handler reads the body and query when it wants to, validated and typed.
 */
import type { Context, Env, Hono } from 'hono';
import type { BlankEnv } from 'hono/types';
import type { Operation, ParsedBodyOf, ParsedQueryOf } from '../../shared/contract/operation';
import { readJson, readQuery } from './http';

export interface RouteInput<O extends Operation> {
  /** The validated JSON body (415, 413 or 400 otherwise). */
  body(): Promise<ParsedBodyOf<O>>;
  /** The validated query (400 otherwise). */
  query(): ParsedQueryOf<O>;
}

/** `/v2/college/articles/{id}` → `/v2/college/articles/:id` */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export function route<O extends Operation, E extends Env = BlankEnv>(
  api: Hono<E>,
  op: O,
  handler: (c: Context<E>, input: RouteInput<O>) => Response | Promise<Response>,
): void {
  api.on(op.method.toUpperCase(), honoPath(op.path), (c) =>
    handler(c, {
      body: async () => (op.body ? await readJson(c, op.body) : undefined) as ParsedBodyOf<O>,
      query: () => (op.query ? readQuery(c, op.query) : undefined) as ParsedQueryOf<O>,
    }),
  );
}
