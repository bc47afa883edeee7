/** The QR login's phone pages (/wx-sim with the simulator provider, /wx/confirm always), before the page rules. */
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
