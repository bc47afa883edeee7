/** The console's the user calls: search, a user's page, reveal phone, ban, unban, revoke sessions, unbind WeChat (console-users). Mounted under /console/api by server/console/app.ts, behind the session, CSRF and role checks. */
import { Hono } from 'hono';
import type { ConsoleDeps, ConsoleEnv } from './deps';

export function usersApi(_deps: ConsoleDeps) {
  const api = new Hono<ConsoleEnv>();
  return api;
}
