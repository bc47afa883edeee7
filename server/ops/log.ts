/**
 * The server's structured log (pino): one JSON line per event on stdout, a line per request, short readable lines
 * on a terminal. Nothing secret is logged (the SMS sink's code line, written apart, is the one intended
 * exception), and phone numbers are masked.
 */

import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Settings } from '../config/settings';
import { clientAddress, forwardedRequestId, onUntrustedForwarding, requestBrand } from '../http/request';
import { catchAllTemplate, observeRequest } from './metrics';

/** 13800138000 → 138****8000; any run of 7 or more digits is treated as a phone number. */
export function maskPhones(text: string): string {
  return text.replace(/\d{7,}/g, (digits) => `${digits.slice(0, 3)}****${digits.slice(-4)}`);
}

/** Readable lines for a terminal: `12:00:01 info  GET /en 200 3.1 ms [starreach] req=…`. */
function prettyStream(out: NodeJS.WritableStream): DestinationStream {
  return {
    write(line: string) {
      try {
        const event = JSON.parse(line) as Record<string, unknown>;
        const time = new Date(Number(event.time)).toTimeString().slice(0, 8);
        const level = (pino.levels.labels[Number(event.level)] ?? 'info').padEnd(5);
        const text =
          event.method !== undefined
            ? `${event.method} ${event.path} ${event.status} ${event.ms} ms [${event.brand}] ${event.ip}${event.userId === undefined ? '' : ` user=${event.userId}`} req=${event.reqId}`
            : String(event.msg ?? '');
        const error = event.err ? `\n${(event.err as { stack?: string }).stack ?? JSON.stringify(event.err)}` : '';
        out.write(`${time} ${level} ${text}${error}\n`);
      } catch {
        out.write(line);
      }
    },
  };
}

export function createLogger(options: { pretty?: boolean; destination?: DestinationStream; level?: string } = {}) {
  const pretty = options.pretty ?? Boolean(process.stdout.isTTY);
  // Asynchronous: many lines go out in one write under load (pino flushes the rest at exit).
  const destination =
    options.destination ?? (pretty ? prettyStream(process.stdout) : pino.destination({ dest: 1, sync: false }));
  return pino(
    {
      // Quiet under the test runner unless LOG_LEVEL asks (tests that check logs pass their own destination).
      level: options.level ?? process.env.LOG_LEVEL ?? (process.env.VITEST ? 'silent' : 'info'),
      base: undefined,
      formatters: { level: (label, number) => ({ level: number, levelName: label }) },
      hooks: {
        // Every message passes through the phone mask, whatever module wrote it.
        logMethod(args, method) {
          method.apply(
            this,
            args.map((arg) => (typeof arg === 'string' ? maskPhones(arg) : arg)) as Parameters<typeof method>,
          );
        },
      },
    },
    destination,
  );
}

/** The process's logger; tests and scripts may swap it. */
export let log: Logger = createLogger();
export function setLogger(logger: Logger): void {
  log = logger;
}

// Once per process (server/http/request.ts): a forwarded address while no proxy is trusted.
onUntrustedForwarding((peer) =>
  log.warn(
    { peer },
    'A request carries X-Forwarded-For but TRUST_PROXY trusts no proxy: the socket peer is taken as the client. Behind a proxy, set TRUST_PROXY to its address or range (docs/deploy.md), or every client shares one per-address limit.',
  ),
);

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * A sane incoming X-Request-Id (from a trusted proxy: callers pass `forwardedRequestId`), else a new one. Not hono/request-id: the fast paths in front of
 * the app need the same rule without a Hono context, and its rule refuses the '.' and ':' of proxies' ids.
 */
export function requestIdFrom(incoming: string | undefined): string {
  return incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** The longest user agent a line carries (the rest is cut: a header can be kilobytes long). */
const MAX_USER_AGENT = 256;

/**
 * Routes whose answered (200) requests are logged at debug only: the QR poll comes every 2 s from each open login
 * tab (150 lines per code), so its answers are counted by the metrics; its refusals and errors are logged as usual.
 */
const ROUTINE_ROUTES: ReadonlySet<string> = new Set(['/api/v2/wx/get_qr_status']);

/** Writes a finished request's line and counts it in the metrics (also for the fast paths in front of the app). */
export function logRequest(line: {
  reqId: string;
  method: string;
  /** The path only: query strings can carry tickets and phone numbers. */
  path: string;
  route: string;
  status: number;
  startedAt: number;
  brand: string;
  ip: string;
  userAgent: string | undefined;
  /** The account the request proved it acts for (never its phone or token). */
  userId?: number;
}): void {
  const { startedAt, userAgent, status, route } = line;
  const elapsed = performance.now() - startedAt;
  observeRequest(route, line.method, status, elapsed / 1000);
  const routine = status === 200 && ROUTINE_ROUTES.has(route);
  if (routine && !log.isLevelEnabled('debug')) return;
  // One object literal, not a spread of `line`: this runs for every cached page and poll (decision 025).
  const entry: Record<string, unknown> = {
    reqId: line.reqId,
    method: line.method,
    path: maskPhones(line.path),
    route,
    status,
    brand: line.brand,
    ip: line.ip,
    ua: userAgent === undefined ? '' : maskPhones(userAgent.slice(0, MAX_USER_AGENT)),
    ms: Math.round(elapsed * 10) / 10,
  };
  if (line.userId !== undefined) entry.userId = line.userId;
  if (status >= 500) log.error(entry, 'request failed');
  else if (routine) log.debug(entry, 'request');
  else log.info(entry, 'request');
}

/** Records the account a request acts for (its request line carries the id). */
export function noteUser(c: Context, userId: number): void {
  c.set('userId' as never, userId as never);
}

/** The route template of the handler that answered (a catch-all's: the page route the path belongs to). */
function routeTemplate(c: Context): string {
  let registered = '';
  try {
    registered = routePath(c);
  } catch {
    // No match result (a response written before routing): the path decides below.
  }
  return registered && registered !== '*' && registered !== '/*' ? registered : catchAllTemplate(c.req.path);
}

/** Logs one line per request and echoes the request id (first middleware, so it sees the final status). */
export function requestLog(
  settings: Pick<Settings, 'brand2HostMarker' | 'brand2Port' | 'trustProxy'>,
): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const id = requestIdFrom(forwardedRequestId(c, settings.trustProxy));
    c.set('requestId' as never, id as never);
    c.header('X-Request-Id', id);
    try {
      await next();
    } finally {
      const userId = c.get('userId' as never) as number | undefined;
      logRequest({
        reqId: id,
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        route: routeTemplate(c),
        status: c.res?.status ?? 500,
        startedAt: started,
        brand: requestBrand(c, settings),
        ip: clientAddress(c, settings.trustProxy),
        userAgent: c.req.header('user-agent'),
        ...(userId === undefined ? {} : { userId }),
      });
    }
  };
}
