/**
 * Graceful shutdown that loses no request (docs/decisions/029-zero-drop-restarts.md has the steps and why): on
 * SIGTERM or SIGINT drain (`SHUTDOWN_DRAIN_MS`), close the listeners once a loop turn accepted nothing, cut off what
 * still runs `SHUTDOWN_TIMEOUT_MS` later, stop the work, close the database, exit. A second signal ends the drain.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { translate } from '../api/catalog';
import { log as logger } from './log';

export interface ShutdownOptions {
  servers: Server[];
  /** Stops timers and background work; runs after the servers are closed, before `closeDatabase`. */
  stopWork: () => Promise<void> | void;
  closeDatabase: () => Promise<void>;
  drainMs: number;
  timeoutMs: number;
  log?: (line: string) => void;
  exit?: (code: number) => void;
  /** Listen for SIGINT and SIGTERM (tests call `stop` instead). */
  signals?: boolean;
}

export interface Shutdown {
  /** Idempotent; a second call during the drain ends the drain early. */
  stop(signal: string): Promise<void>;
  /** Wraps the request listener: tracks requests and answers the way a draining process must. */
  gate(
    listener: (req: IncomingMessage, res: ServerResponse) => void,
  ): (req: IncomingMessage, res: ServerResponse) => void;
  stopping(): boolean;
}

/** The header the shipped nginx adds to a request it may resend elsewhere when a draining process answers 503. */
export const RETRY_ELSEWHERE_HEADER = 'x-retry-elsewhere';

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
  // Per connection: requests read whose answers are not finished, and answers finished.
  const connections = new Map<Socket, { active: number; answered: number }>();
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
      const drain = new AbortController();
      endDrain = () => drain.abort();
      await sleep(drainMs, undefined, { signal: drain.signal }).catch(() => {});
      // From here the requests under way have `timeoutMs` in all.
      const cutOffTimer = new AbortController();
      const cutOff = sleep(timeoutMs, 'timeout' as const, { signal: cutOffTimer.signal }).catch(() => undefined);
      // Closing the listener would reset completed connections not yet accepted (a busy process accepts a few
      // per loop turn): close after a turn that accepted nothing, or once three quarters of the timeout are spent.
      let accepted = 0;
      const count = () => {
        accepted++;
      };
      for (const server of servers) server.on('connection', count);
      const giveUp = performance.now() + (timeoutMs * 3) / 4;
      for (let seen = -1; seen !== accepted && performance.now() < giveUp; ) {
        seen = accepted;
        await nextTurn();
      }
      for (const server of servers) server.off('connection', count);
      phase = 'closing';
      const closed = Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              // net.Server's close keeps every accepted connection (http's destroys those whose request is unread).
              if (server.listening) NetServer.prototype.close.call(server, () => resolve());
              else resolve();
            }),
        ),
      );
      // Idle keep-alive connections close (the proxy's shorter idle timeout has normally closed them already).
      for (const [socket, state] of connections) if (state.active === 0) socket.destroySoon();
      log(`No longer accepting connections; ${responses.size} requests under way.`);
      if ((await Promise.race([closed, cutOff])) === 'timeout') {
        log(`Requests still running ${timeoutMs} ms after the drain are cut off.`);
        for (const server of servers) server.closeAllConnections();
      }
      cutOffTimer.abort();
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
