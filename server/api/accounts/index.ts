/** Accounts: captcha, SMS codes, register, login, password reset, logout, user info (spec §7). */
import { Hono } from 'hono';
import type { ApiDeps } from '../deps';

export function accountsApi(_deps: ApiDeps) {
  return new Hono();
}
