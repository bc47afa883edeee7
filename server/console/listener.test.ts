// @vitest-environment node
/**
 * The console is served only by its own app (CONSOLE_PORT): the portal's app, on PORT and BRAND2_PORT, answers its
 * calls with the 404 envelope, while the console's app signs in; over real sockets, as server/main.ts listens.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterEach, expect, it } from 'vitest';
import { harness } from '../testing/accounts-harness';
import { consoleHarness, OPERATOR_PASSWORD } from '../testing/console-harness';
import { describeDatabases } from '../testing/databases';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(fetch: (request: Request, env?: unknown) => Response | Promise<Response>): Promise<string> {
  const server = createServer(getRequestListener(fetch));
  servers.push(server);
  await once(server.listen(0, '127.0.0.1'), 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describeDatabases('the console listener', (getDb) => {
  it('answers /console/api/login on the console port and a 404 on the public port', async () => {
    const db = getDb();
    const portal = harness(db);
    const console = await consoleHarness(db, { signedOut: true });
    const publicUrl = await listen(portal.app.fetch);
    const consoleUrl = await listen(console.app.fetch);
    const body = (totp: string) => JSON.stringify({ name: 'owner-op', password: OPERATOR_PASSWORD, totp });
    const headers = { 'content-type': 'application/json' };

    for (const method of ['POST', 'GET']) {
      const refused = await fetch(`${publicUrl}/console/api/login`, {
        method,
        headers,
        body: method === 'POST' ? body(console.code()) : undefined,
      });
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ code: 404, message: '接口不存在' });
    }
    expect((await fetch(`${publicUrl}/console/api/openapi.json`)).status).toBe(404);

    const signed = await fetch(`${consoleUrl}/console/api/login`, {
      method: 'POST',
      headers,
      body: body(console.code()),
    });
    expect(signed.status).toBe(200);
    const cookie = signed.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^console_session=[\w-]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/);
    const session = await fetch(`${consoleUrl}/console/api/session`, { headers: { cookie: cookie.split(';')[0] } });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { data: { operator: unknown } }).data.operator).toEqual({
      name: 'owner-op',
      role: 'owner',
    });
    // The portal's API is not on the console's port either.
    expect(await (await fetch(`${consoleUrl}/api/openapi.json`)).text()).not.toContain('Portal API');
  });
});
