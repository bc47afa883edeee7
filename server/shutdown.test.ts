// @vitest-environment node
/**
 * Graceful shutdown: during a burst of slow requests the shutdown stops accepting new
 * connections, answers every request already accepted, then stops the work and closes the database, in that
 * order, and exits 0; a request stuck past the timeout is cut off.
 */
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { installShutdown } from './shutdown';

function slowServer(delayMs: number): Promise<{ server: Server; port: number }> {
  const server = createServer((_req, res) => {
    setTimeout(() => res.end('done'), delayMs);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port })),
  );
}

function get(port: number, agent: Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve(`${res.statusCode} ${body}`));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('graceful shutdown', () => {
  it('answers every accepted request, refuses new ones, then stops work and closes the database', async () => {
    const { server, port } = await slowServer(400);
    const order: string[] = [];
    const exited: number[] = [];
    const shutdown = installShutdown({
      servers: [server],
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
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 100 });
    const burst = Array.from({ length: 60 }, () => get(port, agent));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopping = shutdown('SIGTERM');
    // A connection attempted after the shutdown began is refused, never half-answered.
    const late = await get(port, new Agent()).catch((error: NodeJS.ErrnoException) => error.code);
    expect(late).toBe('ECONNREFUSED');
    expect(await Promise.all(burst)).toEqual(Array(60).fill('200 done'));
    await stopping;
    expect(order).toEqual(['work stopped', 'database closed']);
    expect(exited).toEqual([0]);
    agent.destroy();
  });

  it('cuts off a request that is still running after the timeout', async () => {
    const { server, port } = await slowServer(60_000);
    const exited: number[] = [];
    const shutdown = installShutdown({
      servers: [server],
      timeoutMs: 300,
      stopWork: () => {},
      closeDatabase: async () => {},
      log: () => {},
      exit: (code) => exited.push(code),
      signals: false,
    });
    const stuck = get(port, new Agent()).catch((error: NodeJS.ErrnoException) => error.code);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await shutdown('SIGTERM');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await stuck).toBe('ECONNRESET');
    expect(exited).toEqual([0]);
  });
});
