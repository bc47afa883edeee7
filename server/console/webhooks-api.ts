/** The console's the webhook endpoint and delivery calls (console-webhooks). Mounted under /console/api by server/console/app.ts, behind the session, CSRF and role checks. */
import { Hono } from 'hono';
import type { ConsoleDeps, ConsoleEnv } from './deps';

export function webhooksApi(_deps: ConsoleDeps) {
  const api = new Hono<ConsoleEnv>();
  return api;
}
