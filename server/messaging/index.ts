/**
 * The phone pages of the QR login, served before the page handler (so the site's page rules never redirect
 * them): the built-in phone simulator (/wx-sim, only with the simulator provider) and the confirm page the chat
 * reply links to (/wx/confirm, with any provider).
 */
import { Hono } from 'hono';
import type { Database } from '../db/database';
import type { MessagingProvider } from '../providers/messaging/types';
import type { Settings } from '../settings';
import { confirmRoutes } from './confirm';
import { simulatorRoutes } from './simulator';

export interface PhonePagesDeps {
  db: Database;
  settings: Settings;
  now: () => Date;
  messaging: MessagingProvider;
  /** The app's own fetch: the simulator delivers its events to the webhook through it (no network). */
  appFetch: (request: Request, env?: unknown) => Response | Promise<Response>;
}

export function phonePages(deps: PhonePagesDeps) {
  const app = new Hono();
  app.route('/', simulatorRoutes(deps));
  app.route('/', confirmRoutes(deps));
  return app;
}
