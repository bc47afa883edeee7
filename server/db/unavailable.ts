/** Whether an error means "the database cannot be reached right now" (answered 503, never 500) rather than a bug. */

/** Socket errors of a connection to the database. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);

/** PostgreSQL SQLSTATEs: shutting down (57P01-57P03), too many connections (53300); class 08 is matched apart. */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** What the `pg` client says when the connection ends or a timeout fires (it gives these no code). */
const CLIENT_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection ended unexpectedly/;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
      return true;
    if (CLIENT_MESSAGES.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
