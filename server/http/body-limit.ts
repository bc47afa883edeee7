/**
 * Every accepted body is at most 16 KB: Hono's `bodyLimit` refuses a larger one (by Content-Length, or as a
 * chunked body passes the limit) with 413 in the request's language, closing the connection. A few paths (the
 * console's articles) are given a larger limit of their own.
 */

import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { translate } from '../api/catalog';
import { ApiError, BAD_REQUEST, errorResponse, requestLanguage } from '../api/http';
import { SIZE_LIMITS } from '../limits/rules';

const MAX_BODY_BYTES = SIZE_LIMITS.apiBody;

/** The messaging platform's webhook answers in plain text, like the platform expects; the rest of /api (and the console's /console/api) in JSON. */
const PLAIN_TEXT_PATHS = new Set(['/api/wx/callback']);

export function tooLarge(maxBytes = MAX_BODY_BYTES): ApiError {
  const text = /*i18n*/ { id: '请求内容过大（上限 {kb} KB）', values: { kb: Math.floor(maxBytes / 1024) } };
  return new ApiError(413, BAD_REQUEST, text);
}

function refuse(c: Context, maxBytes = MAX_BODY_BYTES) {
  const error = tooLarge(maxBytes);
  c.header('Connection', 'close');
  const path = new URL(c.req.url).pathname;
  if ((path.startsWith('/api/') || path.startsWith('/console/api/')) && !PLAIN_TEXT_PATHS.has(path))
    return errorResponse(c, error);
  return c.text(translate(error.text, requestLanguage(c)), 413);
}

/** A path (matched on the whole request path) whose bodies may be larger than the 16 KB of every other. */
export interface LargerBodies {
  path: RegExp;
  maxBytes: number;
}

export function limitBodies(larger: readonly LargerBodies[] = []): MiddlewareHandler {
  const standard = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => refuse(c) });
  const rules = larger.map((rule) => ({
    path: rule.path,
    limit: bodyLimit({ maxSize: rule.maxBytes, onError: (c) => refuse(c, rule.maxBytes) }),
  }));
  if (rules.length === 0) return standard;
  return (c, next) => (rules.find((rule) => rule.path.test(c.req.path))?.limit ?? standard)(c, next);
}
