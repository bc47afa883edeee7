/** A client that hung up mid-request ("aborted", ECONNRESET) is not a server fault: answered, not logged. */
import type { Context } from 'hono';

export function clientWentAway(c: Context, error: unknown): boolean {
  if (c.req.raw.signal?.aborted) return true;
  const { code, message } = (error ?? {}) as { code?: string; message?: string };
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || message === 'aborted';
}
