/**
 * How the contract declares an API call: one declaration per call gives the server its route and validation
 * (server/api/route.ts), the OpenAPI document (server/api/openapi.ts) and the browser its types (BodyOf,
 * DataOf: type-only imports, so zod stays out of the browser bundle).
 */
import type { z } from 'zod';

export interface Operation {
  method: 'get' | 'post' | 'put';
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

/** Declares a call, keeping its exact schema types. */
export const operation = <const O extends Operation>(op: O): O => op;

/** The JSON envelope of every answer. */
export interface ApiEnvelope<T = unknown> {
  code: number;
  message: string;
  data?: T;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a client sends as the body of a call. */
export type BodyOf<O extends Operation> = InputOf<O['body']>;
/** What a client sends as the query of a call. */
export type QueryOf<O extends Operation> = InputOf<O['query']>;
/** The `data` of a successful answer. */
export type DataOf<O extends Operation> = OutputOf<O['data']>;
/** What the server's handler gets once the body is valid. */
export type ParsedBodyOf<O extends Operation> = OutputOf<O['body']>;
export type ParsedQueryOf<O extends Operation> = OutputOf<O['query']>;

/** Notes shared by many calls' business codes. */
export const ERROR_NOTES = {
  limit: 'HTTP 429 + Retry-After: a limit (data.retryAfter = seconds to wait)',
  validation: 'HTTP 400: a field is missing, extra, of the wrong type or out of range (data.field); 413; 415',
  closing:
    'HTTP 403: the account is closing (cooling-off period); data = the session, restricted to GET /v2/account and ' +
    'POST /v2/account/close/cancel, with closure {requestedAt, erasesAt} (docs/api.md#closure)',
  auth: {
    401: 'HTTP 401: no token, or not a well-formed token',
    40002: 'HTTP 401: the token is unknown, expired or revoked',
  },
} as const;
