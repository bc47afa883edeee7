/**
 * For the console-users tests and bench: usersApi and signupsApi on a Hono app under /console/api, behind a tiny
 * middleware that plays the signed-in operator (server/console/app.ts's session, CSRF and role checks are tested
 * with it, not here).
 */
import { Hono } from 'hono';
import type { Settings } from '../config/settings';
import { readSettings } from '../config/settings';
import type { Database } from '../db/database';
import type { RateLimiter } from '../limits/rate-limiter';
import type { ConsoleDeps, ConsoleEnv, SignedInOperator } from './deps';
import { signupsApi } from './signups-api';
import { usersApi } from './users-api';

export const TEST_OPERATOR: SignedInOperator = { id: 7, name: 'alice', role: 'support' };
export const TEST_ADDRESS = '198.51.100.7';

export function consoleTestApp(db: Database, now: () => Date, settings: Settings = readSettings({})) {
  const deps: ConsoleDeps = { db, settings, now, limiter: {} as RateLimiter };
  const app = new Hono<ConsoleEnv>();
  app.use('*', async (c, next) => {
    c.set('operator', TEST_OPERATOR);
    c.set('address', TEST_ADDRESS);
    await next();
  });
  app.route('/console/api', usersApi(deps));
  app.route('/console/api', signupsApi(deps));

  async function call<T = unknown>(
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: { code: number; message: string; data?: T }; headers: Headers; text: string }> {
    const res = await app.request(`http://console.test/console/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // The byte order mark stays (a CSV answer starts with one).
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    let parsed = { code: 0, message: '' } as { code: number; message: string; data?: T };
    if ((res.headers.get('content-type') ?? '').startsWith('application/json')) parsed = JSON.parse(text);
    return { status: res.status, body: parsed, headers: res.headers, text };
  }
  return { app, call };
}
