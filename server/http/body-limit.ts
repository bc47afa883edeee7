/**
 * Every request body the server accepts is small: API calls, the webhook's XML and the phone pages' forms are
 * at most 16 KB. Hono's `bodyLimit` refuses a larger one before any handler reads it: at once when the
 * Content-Length says so, and for a body without a length (chunked) as soon as the bytes read pass the limit,
 * so an endless upload costs at most 16 KB of memory. The answer is 413 in the request's language (the JSON
 * envelope on /api) and closes the connection, whose unread remainder cannot carry another request.
 */

import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { translate } from '../api/catalog';
import { errorResponse, MAX_BODY_BYTES, requestLanguage, tooLarge } from '../api/http';

/** The messaging platform's webhook answers in plain text, like the platform expects; the rest of /api in JSON. */
const PLAIN_TEXT_PATHS = new Set(['/api/wx/callback']);

function refuse(c: Context) {
  const error = tooLarge();
  c.header('Connection', 'close');
  const path = new URL(c.req.url).pathname;
  if (path.startsWith('/api/') && !PLAIN_TEXT_PATHS.has(path)) return errorResponse(c, error);
  return c.text(translate(error.text, requestLanguage(c)), 413);
}

export const limitBodies = () => bodyLimit({ maxSize: MAX_BODY_BYTES, onError: refuse });
