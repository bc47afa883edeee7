/**
 * For the webhook tests: a real HTTP receiver on loopback that records every request (headers and body as
 * received) and answers as the test says: a status, or holding the answer until released (a slow endpoint).
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

export type Answer = number | 'hold';

export async function startReceiver(answer: (request: Received, index: number) => Answer = () => 200) {
  const received: Received[] = [];
  const held: ServerResponse[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const request = { headers: req.headers, body };
      received.push(request);
      for (const wake of waiters.splice(0)) wake();
      const what = answer(request, received.length - 1);
      if (what === 'hold') held.push(res);
      else res.writeHead(what, { 'content-type': 'text/plain' }).end(`answer ${what}`);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    /** Resolves once `count` requests have arrived (rejects after `ms`). */
    async waitFor(count: number, ms = 20_000): Promise<void> {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`the receiver got ${received.length} of ${count} requests`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    /** Answers every held request with `status`. */
    release(status = 200) {
      for (const res of held.splice(0)) if (!res.destroyed) res.writeHead(status).end('released');
    },
    async close() {
      for (const res of held.splice(0)) res.destroy();
      server.closeAllConnections();
      server.close();
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
