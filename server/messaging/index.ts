/**
 * The phone pages of the QR login, served before the page handler (so the site's page rules never redirect
 * them): the built-in phone simulator (/wx-sim, only with the simulator provider) and the confirm page the chat
 * reply links to (/wx/confirm, with any provider).
 */
import { Hono } from 'hono';
import { confirmRoutes } from './confirm';
import { simulatorRoutes } from './simulator/routes';
import type { PhonePagesDeps } from './types';

export function phonePages(deps: PhonePagesDeps) {
  const app = new Hono();
  app.route('/', simulatorRoutes(deps));
  app.route('/', confirmRoutes(deps));
  return app;
}
