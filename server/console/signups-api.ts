/** The console's the sign-ups report and its CSV (console-users). Mounted under /console/api by server/console/app.ts, behind the session, CSRF and role checks. */
import { Hono } from 'hono';
import type { ConsoleDeps, ConsoleEnv } from './deps';

export function signupsApi(_deps: ConsoleDeps) {
  const api = new Hono<ConsoleEnv>();
  return api;
}
