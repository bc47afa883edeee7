/**
 * A client that hangs up in the middle of its request (a closed tab, a dropped phone connection) makes the body
 * stream fail with "aborted" / ECONNRESET. That is the client's doing, not a server fault: the error handlers
 * answer it (nobody reads the answer) without logging an error.
 */
import type { Context } from 'hono';

export function clientWentAway(c: Context, error: unknown): boolean {
  if (c.req.raw.signal?.aborted) return true;
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || message === 'aborted';
}
