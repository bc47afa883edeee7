/**
 * Server rendering: one router per request, rendered to a string with the dehydrated state the client
 * hydrates from. The server (server/pages/render.ts) applies the page rules before calling this.
 */

import { createRequestHandler, defaultRenderHandler } from '@tanstack/react-router/ssr/server';
import type { ServerManifest } from '@tanstack/router-core';
import { LOCALES } from '#shared/locale';
import type { PortalEnv } from '#shared/portal-env';
import { createAppActors, serverEffects } from './app/actors';
import type { ApiFetch } from './app/router-context';
import { loadLocale } from './lib/i18n';
import { createAppRouter } from './router';

export interface RenderOptions {
  env: PortalEnv;
  origin: string;
  manifest?: ServerManifest;
  /** The in-process API for route loaders (the page handler passes it); without it loaders get a 503. */
  apiFetch?: ApiFetch;
}

const noApi: ApiFetch = async () =>
  new Response(JSON.stringify({ code: 503, message: 'No API in this renderer' }), {
    status: 503,
    headers: { 'content-type': 'application/json' },
  });

const catalogsReady = Promise.all(LOCALES.map((locale) => loadLocale(locale)));

export async function renderPage(
  request: Request,
  { env, origin, manifest, apiFetch = noApi }: RenderOptions,
): Promise<Response> {
  await catalogsReady;
  const router = createAppRouter({ env, origin, actors: createAppActors(serverEffects), api: apiFetch });
  const handler = createRequestHandler({
    request,
    createRouter: () => router,
    getRouterManifest: manifest ? () => manifest : undefined,
  });
  const response = await handler(defaultRenderHandler);
  // A loader whose API call answered 503 (the database is unreachable for now): the error page goes out as a 503
  // with Retry-After, not as a 500, so proxies and crawlers know to come back.
  const unavailable = router.state.matches.some(
    (match) => (match.error as { status?: unknown } | undefined)?.status === 503,
  );
  if (response.status !== 500 || !unavailable) return response;
  const headers = new Headers(response.headers);
  headers.set('Retry-After', '5');
  headers.set('Cache-Control', 'no-store');
  return new Response(response.body, { status: 503, headers });
}

/**
 * Route id → source module of its page and the modules it loads at once, for linking each page's CSS and
 * preloading its chunks in the HTML.
 */
export function routeModules(): Record<string, string[]> {
  const router = createAppRouter({} as never);
  const map: Record<string, string[]> = {};
  for (const [id, route] of Object.entries(router.routesById)) {
    const data = (route.options as { staticData?: { module?: string; preload?: string[] } }).staticData;
    if (data?.module) map[id] = [data.module, ...(data.preload ?? [])];
  }
  return map;
}
