/** The QR login's phone pages (/wx-sim with the simulator provider, /wx/confirm and the web authorisation's /wx/oauth/* always), before the page rules. */
import { Hono } from 'hono';
import { confirmRoutes } from './confirm';
import { oauthRoutes } from './oauth-routes';
import { simulatorOAuthRoutes } from './simulator/oauth';
import { simulatorRoutes } from './simulator/routes';
import type { PhonePagesDeps } from './types';

export function phonePages(deps: PhonePagesDeps) {
  const app = new Hono();
  app.route('/', simulatorOAuthRoutes(deps));
  app.route('/', simulatorRoutes(deps));
  app.route('/', confirmRoutes(deps));
  app.route('/', oauthRoutes(deps));
  return app;
}
