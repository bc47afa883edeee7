/**
 * A body without Content-Length (chunked) is refused with 413 once it passes 16 KB, without
 * reading the rest or holding it in memory; a declared length over the limit is refused before reading. Over a
 * real socket, because the bug was in how the node server's body is read.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { migrate } from '../db/migrate';
import { openPGlite } from '../db/pglite';
import { harness } from '../testing/accounts-harness';
import { captureLog } from '../testing/capture-log';

let db: Database;
let server: Server;
let port: number;

beforeAll(async () => {
  db = await openPGlite();
  await migrate(db);
  const { app } = harness(db);
  server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await db.close();
});

interface Outcome {
  status: number;
  body: string;
  connection: string | undefined;
  /** Bytes the client had written when the answer came. */
  sent: number;
}

/** Streams an endless chunked body (64 KB chunks, capped at `capBytes`) until the server answers. */
function streamEndlessBody(path: string, contentType: string, capBytes = 64 * 1024 * 1024): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'content-type': contentType, 'accept-language': 'en' },
      },
      (res) => {
        answered = true;
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (data) => {
          body += data;
        });
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection, sent });
        });
      },
    );
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const pump = () => {
      while (!answered && sent < capBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe('request bodies are bounded', () => {
  it.each([
    ['/api/v2/web/userlogin', 'application/json'],
    ['/api/wx/callback?signature=a&timestamp=1&nonce=1', 'text/xml'],
    ['/wx-sim/scan', 'application/x-www-form-urlencoded'],
    ['/wx/confirm', 'application/x-www-form-urlencoded'],
  ])('%s: an endless chunked body gets 413 and memory stays flat', async (path, type) => {
    global.gc?.();
    const before = process.memoryUsage();
    const outcome = await streamEndlessBody(path, type);
    const after = process.memoryUsage();
    expect(outcome.status).toBe(413);
    expect(outcome.connection).toBe('close');
    if (path.startsWith('/api/v2/')) {
      expect(JSON.parse(outcome.body)).toEqual({
        code: 40000,
        message: 'The request body is too large (at most 16 KB)',
      });
    } else {
      expect(outcome.body).toBe('The request body is too large (at most 16 KB)');
    }
    // The answer came long before the 64 MB cap: the server stopped reading near the limit.
    expect(outcome.sent).toBeLessThan(32 * 1024 * 1024);
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(16 * 1024 * 1024);
    expect(after.heapUsed - before.heapUsed).toBeLessThan(32 * 1024 * 1024);
  });

  it('a declared length over the limit is refused before reading', async () => {
    const outcome = await new Promise<Outcome>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/v2/web/userlogin',
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': String(1024 * 1024 * 1024),
            'accept-language': 'zh',
          },
        },
        (res) => {
          let body = '';
          res.on('data', (data) => {
            body += data;
          });
          res.on('end', () => {
            req.destroy();
            resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection, sent: 0 });
          });
        },
      );
      req.on('error', reject);
      req.write('{"phone":');
    });
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body).message).toBe('请求内容过大（上限 16 KB）');
  });

  it('a body within the limit still reaches the handler', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/v2/web/userlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify({ nonsense: true }),
    });
    expect(response.status).toBe(400);
  });
});

describe('a client that hangs up mid-request', () => {
  it('is not logged as a server error', async () => {
    const capture = captureLog();
    const logged = capture.lines as { level: number; msg: string }[];
    try {
      await new Promise<void>((resolve) => {
        const req = request({
          host: '127.0.0.1',
          port,
          path: '/api/v2/web/userlogin',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        });
        req.on('error', () => {});
        req.write('{"phone": "1380013');
        // Hang up with the body half sent, then give the server time to notice.
        setTimeout(() => {
          req.destroy();
          setTimeout(resolve, 300);
        }, 100);
      });
    } finally {
      capture.restore();
    }
    // The request line may say 400; nothing is logged as an error.
    expect(logged.filter((line) => line.level >= 50)).toEqual([]);
    expect(logged.length).toBeGreaterThan(0);
  });
});
