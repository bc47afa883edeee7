// @vitest-environment node
/**
 * Graceful shutdown (docs/decisions/029-zero-drop-restarts.md): a drain during which readiness answers 503 and
 * every request is still answered (with `Connection: close`), then the listener closes without dropping a
 * connection it accepted, requests under way finish, work stops and the database closes, in that order, exit 0;
 * a request stuck past the timeout is cut off. The real compiled server under bursts of requests is tested by
 * scripts/cluster/shutdown-test.ts.
 */
import { Agent, createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { installShutdown, type Shutdown, type ShutdownOptions } from './shutdown';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A server answering `done` after `delayMs`, behind the shutdown's gate (as server/main.ts wires it). */
function slowServer(delayMs: number, shutdown: () => Shutdown): Promise<{ server: Server; port: number }> {
  const app = (_req: IncomingMessage, res: ServerResponse) => setTimeout(() => res.end('done'), delayMs);
  const server = createServer((req, res) => shutdown().gate(app)(req, res));
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port })),
  );
}

interface Reply {
  status: number;
  body: string;
  connection: string | undefined;
}

function get(
  port: number,
  agent: Agent,
  path = '/',
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent, headers, method }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A raw TCP connection, established now; the request is written later. */
function rawConnection(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.once('error', reject);
  });
}

function rawGet(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.once('end', () => resolve(text));
    socket.once('error', (error: NodeJS.ErrnoException) => reject(error));
    socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
  });
}

async function setUp(delayMs: number, options: Partial<ShutdownOptions> = {}) {
  let shutdown: Shutdown | undefined;
  const servers: Server[] = [];
  const { server, port } = await slowServer(delayMs, () => shutdown as Shutdown);
  servers.push(server);
  const order: string[] = [];
  const exited: number[] = [];
  shutdown = installShutdown({
    servers,
    drainMs: 300,
    timeoutMs: 5000,
    stopWork: () => {
      order.push('work stopped');
    },
    closeDatabase: async () => {
      order.push('database closed');
    },
    log: () => {},
    exit: (code) => exited.push(code),
    signals: false,
    ...options,
  });
  return { shutdown, server, port, order, exited };
}

describe('graceful shutdown', () => {
  it('drains (readiness 503, every request answered with Connection: close), then refuses, then stops in order', async () => {
    const { shutdown, server, port, order, exited } = await setUp(200, { drainMs: 1000 });
    const agent = new Agent({ keepAlive: true, maxSockets: 100 });
    const burst = Array.from({ length: 60 }, () => get(port, agent));
    await sleep(50);
    const stopping = shutdown.stop('SIGTERM');
    expect(shutdown.stopping()).toBe(true);
    const ready = await get(port, new Agent(), '/api/ready', { 'Accept-Language': 'en' });
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toMatchObject({ code: 503, message: 'Not ready: the process is stopping' });
    // A connection opened during the drain is accepted and answered, and not kept alive.
    const during = await get(port, new Agent({ keepAlive: true }));
    expect(during).toEqual({ status: 200, body: 'done', connection: 'close' });
    // The burst under way at the signal: every request answered, none kept alive afterwards.
    const answers = await Promise.all(burst);
    expect(answers.map((answer) => `${answer.status} ${answer.body}`)).toEqual(Array(60).fill('200 done'));
    expect(answers.every((answer) => answer.connection === 'close')).toBe(true);
    while (server.listening) await sleep(20);
    // After the drain the listener is closed: a new connection is refused (a proxy sends it elsewhere).
    const late = await get(port, new Agent()).catch((error: NodeJS.ErrnoException) => error.code);
    expect(late).toBe('ECONNREFUSED');
    await stopping;
    expect(order).toEqual(['work stopped', 'database closed']);
    expect(exited).toEqual([0]);
    agent.destroy();
  });

  it('answers a connection accepted before the close whose request arrives after it (the old shutdown reset it)', async () => {
    const { shutdown, server, port, exited } = await setUp(10);
    const socket = await rawConnection(port);
    const stopping = shutdown.stop('SIGTERM');
    while (server.listening) await sleep(20); // past the drain: the listener is closed now
    expect(await get(port, new Agent()).catch((error: NodeJS.ErrnoException) => error.code)).toBe('ECONNREFUSED');
    const reply = await rawGet(socket);
    expect(reply).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(reply).toMatch(/\r\nConnection: close\r\n/i);
    expect(reply.endsWith('done')).toBe(true);
    await stopping;
    expect(exited).toEqual([0]);
  });

  it('answers 503 to a GET the proxy can resend elsewhere, and answers a POST with the same header', async () => {
    const { shutdown, port } = await setUp(10);
    const stopping = shutdown.stop('SIGTERM');
    const retry = { 'X-Retry-Elsewhere': '1' };
    const got = await get(port, new Agent(), '/page', retry);
    expect(got.status).toBe(503);
    expect(got.connection).toBe('close');
    expect((await get(port, new Agent(), '/page', retry, 'POST')).status).toBe(200);
    expect((await get(port, new Agent(), '/page')).status).toBe(200);
    await stopping;
  });

  it('closes idle keep-alive connections at the close instead of waiting for the timeout', async () => {
    const { shutdown, port, exited } = await setUp(10, { timeoutMs: 20_000 });
    const agent = new Agent({ keepAlive: true });
    expect((await get(port, agent)).connection).toBe('keep-alive');
    const started = Date.now();
    await shutdown.stop('SIGTERM');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(exited).toEqual([0]);
    agent.destroy();
  });

  it('a second signal ends the drain early', async () => {
    const { shutdown, exited } = await setUp(10, { drainMs: 60_000 });
    const started = Date.now();
    const stopping = shutdown.stop('SIGINT');
    await sleep(20);
    await shutdown.stop('SIGINT');
    await stopping;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(exited).toEqual([0]);
  });

  it('cuts off a request that is still running after the timeout', async () => {
    const { shutdown, port, exited } = await setUp(60_000, { drainMs: 0, timeoutMs: 300 });
    const stuck = get(port, new Agent()).catch((error: NodeJS.ErrnoException) => error.code);
    await sleep(50);
    const started = Date.now();
    await shutdown.stop('SIGTERM');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await stuck).toBe('ECONNRESET');
    expect(exited).toEqual([0]);
  });
});
