/**
 * Every accepted body is at most 16 KB: Hono's `bodyLimit` refuses a larger one (by Content-Length, or as a
 * chunked body passes the limit) with 413 in the request's language, closing the connection.
 */

import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { translate } from '../api/catalog';
import { ApiError, BAD_REQUEST, errorResponse, requestLanguage } from '../api/http';
import { SIZE_LIMITS } from '../limits/rules';

const MAX_BODY_BYTES = SIZE_LIMITS.apiBody;

/** The messaging platform's webhook answers in plain text, like the platform expects; the rest of /api (and the console's /console/api) in JSON. */
const PLAIN_TEXT_PATHS = new Set(['/api/wx/callback']);

export function tooLarge(): ApiError {
  const text = /*i18n*/ { id: '请求内容过大（上限 {kb} KB）', values: { kb: MAX_BODY_BYTES / 1024 } };
  return new ApiError(413, BAD_REQUEST, text);
}

function refuse(c: Context) {
  const error = tooLarge();
  c.header('Connection', 'close');
  const path = new URL(c.req.url).pathname;
  if ((path.startsWith('/api/') || path.startsWith('/console/api/')) && !PLAIN_TEXT_PATHS.has(path))
    return errorResponse(c, error);
  return c.text(translate(error.text, requestLanguage(c)), 413);
}

export const limitBodies = () => bodyLimit({ maxSize: MAX_BODY_BYTES, onError: refuse });
