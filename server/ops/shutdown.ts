/**
 * Graceful shutdown that loses no request (docs/decisions/029-zero-drop-restarts.md). On SIGTERM or SIGINT:
 *
 * 1. **Drain** (`SHUTDOWN_DRAIN_MS`, default 5 s): `/api/ready` answers 503 at once, so a balancer that checks
 *    readiness stops sending; the process still accepts connections and answers every request, each answer with
 *    `Connection: close` so no keep-alive connection outlives the drain. A GET or HEAD that the shipped nginx marks
 *    as retryable elsewhere (`X-Retry-Elsewhere: 1`, deploy/nginx/portal-proxy.conf) is answered 503 instead: nginx
 *    resends it to another process and, counting the 503 as a failure, sends this one nothing more for its
 *    `fail_timeout`. That is how nginx without active health checks learns of the drain before the listener closes.
 * 2. **Close**: once an event-loop turn has accepted no new connection (the kernel's queue of completed
 *    connections is empty: closing the listener would reset those), the listening sockets close (new connections
 *    are refused; a proxy retries a refused connection on another process for any method, as it was never
 *    sent). Connections already accepted stay open: one that has not sent its first request yet is left to send
 *    it and is answered; idle keep-alive connections that already had their answers are closed; requests under
 *    way finish. Node's own `server.close()` is not used for this: since Node 19 it also destroys every
 *    connection without a request in progress, including the freshly accepted ones whose request is unread.
 * 3. Requests still running `SHUTDOWN_TIMEOUT_MS` after the drain are cut off, so a stuck request cannot block a
 *    restart (a process stops within drain + timeout). Then timers stop, the database closes, exit 0.
 *
 * A second signal during the drain skips the rest of it (Ctrl-C twice in a terminal).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { translate } from '../api/catalog';
import { log as logger } from './log';

export interface ShutdownOptions {
  servers: Server[];
  /** Stops timers and background work (the sweeper, the admin socket); runs after the servers are closed. */
  stopWork: () => Promise<void> | void;
  /** Closes the database; runs last. */
  closeDatabase: () => Promise<void>;
  /** How long the process keeps answering (readiness 503) before it closes its listeners. */
  drainMs: number;
  /** How long requests under way may take once the listeners are closed. */
  timeoutMs: number;
  log?: (line: string) => void;
  exit?: (code: number) => void;
  /** Listen for SIGINT and SIGTERM (tests call `stop` instead). */
  signals?: boolean;
}

export interface Shutdown {
  /** Starts the shutdown (idempotent; a second call during the drain ends the drain early). */
  stop(signal: string): Promise<void>;
  /** Wraps the request listener: tracks requests and answers the way a draining process must. */
  gate(
    listener: (req: IncomingMessage, res: ServerResponse) => void,
  ): (req: IncomingMessage, res: ServerResponse) => void;
  /** Whether the shutdown has begun (readiness is then 503). */
  stopping(): boolean;
}

/** The header the shipped nginx adds to a request it may resend elsewhere when a draining process answers 503. */
export const RETRY_ELSEWHERE_HEADER = 'x-retry-elsewhere';

interface ConnectionState {
  /** Requests read on this connection whose answers are not finished. */
  active: number;
  /** Answers finished on this connection. */
  answered: number;
}

function stoppingAnswer(res: ServerResponse, english: boolean, message: string) {
  const body = JSON.stringify({
    code: 503,
    message: translate(message, english ? 'en' : 'zh'),
    data: { stopping: true },
  });
  res.writeHead(503, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'Retry-After': '1',
    Connection: 'close',
  });
  res.end(body);
}

export function installShutdown(options: ShutdownOptions): Shutdown {
  const {
    servers,
    drainMs,
    timeoutMs,
    log = (line) => logger.info(line),
    exit = (code) => process.exit(code),
  } = options;
  const connections = new Map<Socket, ConnectionState>();
  const responses = new Set<ServerResponse>();
  let phase: 'running' | 'draining' | 'closing' = 'running';
  let endDrain: (() => void) | undefined;
  let stopping: Promise<void> | undefined;

  const gate: Shutdown['gate'] = (listener) => (req, res) => {
    // Connections are known from their first request on: one without a request is never closed here.
    const socket = req.socket;
    let state = connections.get(socket);
    if (!state) {
      state = { active: 0, answered: 0 };
      connections.set(socket, state);
      socket.once('close', () => connections.delete(socket));
    }
    state.active++;
    responses.add(res);
    let done = false;
    const finished = () => {
      if (done) return;
      done = true;
      responses.delete(res);
      state.active--;
      state.answered++;
      // Once the listeners are closed, a connection whose answers are all written is not kept alive.
      if (phase === 'closing' && state.active === 0) socket.destroySoon();
    };
    res.once('finish', finished);
    res.once('close', finished);
    if (phase !== 'running') {
      res.setHeader('Connection', 'close');
      const english = /^en\b/i.test(req.headers['accept-language'] ?? '');
      const path = (req.url ?? '').split('?')[0];
      if (path === '/api/ready') return stoppingAnswer(res, english, /*i18n*/ '未就绪：进程正在停止');
      if (
        (req.method === 'GET' || req.method === 'HEAD') &&
        req.headers[RETRY_ELSEWHERE_HEADER] === '1' &&
        phase === 'draining'
      )
        return stoppingAnswer(res, english, /*i18n*/ '进程正在停止，请重试');
    }
    listener(req, res);
  };

  const stop = (signal: string) => {
    if (stopping) {
      if (phase === 'draining') {
        log(`${signal} again: the drain ends now.`);
        endDrain?.();
      }
      return stopping;
    }
    phase = 'draining';
    // Answers under way whose headers are not written yet close their connection too.
    for (const res of responses) if (!res.headersSent) res.setHeader('Connection', 'close');
    stopping = (async () => {
      log(
        `${signal}: draining for ${drainMs} ms (readiness answers 503, every request is still answered), then no ` +
          `longer accepting connections and finishing the requests under way (at most ${timeoutMs} ms).`,
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, drainMs);
        endDrain = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      // From here the requests under way have `timeoutMs` in all.
      let timer: NodeJS.Timeout | undefined;
      const cutOff = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      // Connections the kernel has completed but Node has not accepted yet would be reset by closing the
      // listener. A busy process accepts only a few per event-loop turn (measured: 60 connections queued behind
      // rendering took seconds on a loaded machine), so the listener closes in the first turn whose poll phase
      // accepted nothing (setImmediate runs right after it); if clients never stop coming, once three quarters
      // of the timeout are spent.
      let accepted = 0;
      const count = () => {
        accepted++;
      };
      for (const server of servers) server.on('connection', count);
      const giveUp = performance.now() + (timeoutMs * 3) / 4;
      for (let seen = -1; seen !== accepted && performance.now() < giveUp; ) {
        seen = accepted;
        await new Promise((resolve) => setImmediate(resolve));
      }
      for (const server of servers) server.off('connection', count);
      phase = 'closing';
      const closed = Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              // net.Server's close: stop listening, keep every accepted connection (see the top of this file).
              if (server.listening) NetServer.prototype.close.call(server, () => resolve());
              else resolve();
            }),
        ),
      );
      // Idle keep-alive connections that had their answers close; the proxy's own idle timeout (shorter than
      // the drain) has normally closed them already.
      for (const [socket, state] of connections) if (state.active === 0) socket.destroySoon();
      log(`No longer accepting connections; ${responses.size} requests under way.`);
      if ((await Promise.race([closed, cutOff])) === 'timeout') {
        log(`Requests still running ${timeoutMs} ms after the drain are cut off.`);
        for (const server of servers) server.closeAllConnections();
      }
      clearTimeout(timer);
      let code = 0;
      try {
        await options.stopWork();
        await options.closeDatabase();
        log('Stopped cleanly.');
      } catch (error) {
        logger.error({ err: error }, 'shutdown failed');
        code = 1;
      }
      exit(code);
    })();
    return stopping;
  };
  if (options.signals !== false)
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
  return { stop, gate, stopping: () => phase !== 'running' };
}
