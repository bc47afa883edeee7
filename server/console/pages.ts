/** The console's pages: the server-rendered shell and the console client's files (console-ui). Mounted last by server/console/app.ts. */
import { Hono } from 'hono';
import type { ConsoleDeps } from './deps';

export function consolePages(_deps: ConsoleDeps) {
  const pages = new Hono();
  pages.get('*', (c) => c.text('The console is being built.', 404));
  return pages;
}
