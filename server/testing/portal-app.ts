/**
 * The portal's app on a test database, as production builds it (production settings, the API on `db`), with a
 * renderer that answers every page `page <path>` (or the one given) and no client files unless `clientDir` names
 * some. `request(path)` asks it as a browser on localhost:3030 would.
 *
 *   const { request } = portalApp(db, { clientDir });
 *   const res = await request('/media/<id>.webp');
 */
import { createApp } from '../app';
import type { CollegeChanges } from '../college/changes';
import { readSettings } from '../config/settings';
import type { Database } from '../db/database';
import type { Renderer } from '../pages/render';

export interface PortalAppOptions {
  clientDir?: string;
  now?: () => Date;
  renderer?: Renderer;
  collegeChanges?: CollegeChanges;
}

/** A renderer answering every page 200 with `page <path>` (so a test sees which requests reached the pages). */
export const pathRenderer: Renderer = {
  renderPage: async (request) => new Response(`page ${new URL(request.url).pathname}`, { status: 200 }),
};

export function portalApp(db: Database, options: PortalAppOptions = {}) {
  const renderer = options.renderer ?? pathRenderer;
  const app = createApp({
    settings: readSettings({ NODE_ENV: 'production' }),
    clientDir: options.clientDir,
    api: { db, now: options.now ?? (() => new Date()) },
    collegeChanges: options.collegeChanges,
    getRenderer: async () => renderer,
    getManifest: async () => undefined,
  });
  const request = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
    app.request(`http://localhost:3030${path}`, {
      method: init.method ?? 'GET',
      headers: { host: 'localhost:3030', ...init.headers },
    });
  return { app, renderer, request };
}
