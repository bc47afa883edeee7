/**
 * The API under /api: its modules, the OpenAPI document, the health checks, and the error envelope for everything
 * else, so no API call gets an HTML page or a bare 500.
 */
import { Hono } from 'hono';
import { clientWentAway } from '../http/client-gone';
import { apiServerError } from '../http/errors';
import { accountApi } from './account/index';
import { accountsApi } from './accounts/index';
import { collegeApi } from './college/index';
import type { ApiDeps } from './deps';
import { healthApi } from './health';
import { ApiError, errorResponse, notFound } from './http';
import { openApiDocument } from './openapi';
import { scanLoginApi } from './scan-login/index';
import { wxCallbackApi } from './wx-callback/index';

/** Without deps (page-only tests) the API answers only health, the OpenAPI document and the 404 envelope. */
export function createApi(deps?: ApiDeps) {
  const api = new Hono();
  api.route('/', healthApi(deps?.db));
  // The development-only calls (the SMS outbox) are listed only where they exist.
  const includeDevOnly = deps ? !deps.settings.production : false;
  api.get('/openapi.json', (c) => c.json(openApiDocument({ includeDevOnly })));
  if (deps) {
    api.route('/', accountsApi(deps));
    api.route('/', accountApi(deps));
    api.route('/', collegeApi(deps));
    api.route('/', scanLoginApi(deps));
    api.route('/', wxCallbackApi(deps));
  }
  api.all('*', notFound);
  api.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (clientWentAway(c, error)) return c.body(null, 400);
    return apiServerError(c, error);
  });
  return api;
}
