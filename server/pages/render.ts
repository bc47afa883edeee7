/**
 * Rendering a page: what its HTML depends on (the portal environment and the cache key), and a fresh render
 * with the full header set stored beside it (security headers, the policy with the page's inline script
 * hashes, caching and Vary).
 */
import type { ServerManifest } from '@tanstack/router-core';
import type { Context } from 'hono';
import { resolveBrandId } from '../../shared/brand';
import { isMobileUserAgent, platformFromUserAgent } from '../../shared/device';
import type { Locale } from '../../shared/locale';
import { AUTH_COOKIE, type PortalEnv } from '../../shared/portal-env';
import { analyticsOrigins, type Settings } from '../config/settings';
import { publicOrigin, requestHost, requestIsHttps } from '../http/request';
import { contentSecurityPolicy, inlineScriptHashes, securityHeaderValues } from '../http/security-headers';
import { withCaptchaOrigins } from '../providers/captcha/index';
import { buildCachedPage, type CachedPage } from './html-cache';
import { requestCookie } from './page-rules';

/** Calls an API path for route loaders; the page handler answers it from the in-process API. */
export type PageApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

export interface Renderer {
  renderPage(
    request: Request,
    options: { env: PortalEnv; origin: string; manifest?: ServerManifest; apiFetch?: PageApiFetch },
  ): Promise<Response>;
}

export interface RenderDeps {
  settings: Settings;
  getRenderer: () => Promise<Renderer>;
  getManifest: () => Promise<ServerManifest | undefined>;
  now: () => Date;
  /**
   * The app's own `fetch` (Hono's `app.fetch`), so route loaders on the server reach the API without a
   * network round trip. Pages are cached and shared: only the Host header (the brand) is passed on, never the
   * visitor's cookies.
   */
  apiFetch?: (request: Request, env?: unknown) => Response | Promise<Response>;
}

const HTML_CACHE_CONTROL = 'no-cache';
/** A page rendered for a signed-in visitor: a shared cache (CDN, proxy) must not hand it to anyone else. */
const HTML_CACHE_CONTROL_SIGNED_IN = 'private, no-cache';
/**
 * What a page depends on besides its URL: the device class and platform, read from the User-Agent (shared caches
 * have nothing narrower to key on), and the encoding. "/" also depends on the language cookie and the browser's
 * language (docs/product.md#states). docs/decisions/025-serving-speed-and-hot-api-calls.md explains why User-Agent stays.
 */
const VARY_PAGE = 'User-Agent, Accept-Encoding';
const VARY_ROOT = 'User-Agent, Cookie, Accept-Language, Accept-Encoding';
/** Request headers a render may see: never the visitor's cookies or credentials (pages are shared). */
const RENDER_HEADERS = ['host', 'user-agent'];
/** Request headers an in-process API call keeps: the brand, the client's address as proxies report it. */
const FORWARDED = ['host', 'user-agent', 'x-forwarded-for', 'x-forwarded-proto', 'x-real-ip', 'forwarded'];

function copyHeaders(c: Context, names: string[], headers = new Headers()) {
  for (const name of names) {
    const value = c.req.header(name);
    if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/** A POST of `body` to an API path, in-process, as the page's script would send it from the visitor's address. */
export async function postToApi(c: Context, deps: RenderDeps, path: string, body: string, locale: Locale) {
  if (!deps.apiFetch) throw new Error('Pages post to the API only with an apiFetch');
  const headers = copyHeaders(
    c,
    FORWARDED,
    new Headers({ 'content-type': 'application/json', 'accept-language': locale }),
  );
  return deps.apiFetch(new Request(new URL(`/api${path}`, c.req.url), { method: 'POST', headers, body }), c.env);
}

/** Router response headers that are never stored: cookies (visitor-specific) and what the cache sets itself. */
const STORED_HEADER_SKIP = new Set([
  'set-cookie',
  'content-length',
  'content-encoding',
  'etag',
  'vary',
  'cache-control',
  'content-type',
]);

/** The raw path and query of the request, exactly as sent (the cache key; no decoding, so no two URLs collide). */
function rawPathAndQuery(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  return start < 0 ? '/' : url.slice(start);
}

/** Everything a page's HTML depends on; settings (edition, workbench, downloads) are fixed per process. */
export function pageInputs(c: Context, settings: Settings, now: () => Date) {
  const userAgent = c.req.header('user-agent') ?? '';
  const https = requestIsHttps(c, settings.trustProxy);
  const env: PortalEnv = {
    brandId: resolveBrandId(requestHost(c), {
      brand2HostMarker: settings.brand2HostMarker,
      brand2Port: settings.brand2Port,
    }),
    edition: settings.edition,
    isMobile: isMobileUserAgent(userAgent),
    platform: platformFromUserAgent(userAgent),
    workbenchUrl: settings.workbenchUrl,
    year: now().getFullYear(),
  };
  env.downloads = settings.downloads[env.brandId];
  if (settings.standins) env.demo = true;
  // The header shows the logged-in widget from the first paint. Only the cookie's presence is used (the name
  // comes from the browser's storage after hydration), so the page holds nothing of one user: the signed-in
  // variant is a second cache entry shared by every signed-in visitor, and is marked private for other caches.
  if (requestCookie(c, AUTH_COOKIE)) env.signedIn = true;
  const analytics = settings.analytics[env.brandId];
  if (analytics) env.analytics = analytics;
  // Absolute URLs come from the configured or an accepted origin, never from whatever Host a client sends.
  const origin = publicOrigin(c, settings, env.brandId);
  // HTTPS is in the key for the Strict-Transport-Security header stored with the page.
  const key = `${https ? 's' : 'p'}|${env.signedIn ? 'a' : 'n'}|${env.brandId}|${env.isMobile ? 'm' : 'd'}|${env.platform}|${env.year}|${origin}|${rawPathAndQuery(c.req.url)}`;
  return { env, origin, https, key };
}

/**
 * Renders the page of `url` with `env` and builds what is stored of it; a redirect comes back as it is. A
 * render sees only the Host and User-Agent of the request.
 */
export async function renderFresh(
  c: Context,
  deps: RenderDeps,
  url: URL,
  env: PortalEnv,
  origin: string,
): Promise<CachedPage | Response> {
  const { settings } = deps;
  const renderer = await deps.getRenderer();
  const request = new Request(url, { headers: copyHeaders(c, RENDER_HEADERS), signal: c.req.raw.signal });
  const appFetch = deps.apiFetch;
  const apiFetch: PageApiFetch | undefined =
    appFetch &&
    (async (path, init) => {
      if (!path.startsWith('/api/')) throw new Error(`Route loaders may only call the API, not ${path}`);
      const headers = new Headers(init?.headers);
      headers.set('host', c.req.header('host') ?? url.host);
      return appFetch(new Request(new URL(path, url.origin), { ...init, headers }), c.env);
    });
  const response = await renderer.renderPage(request, {
    env,
    origin,
    manifest: await deps.getManifest(),
    apiFetch,
  });
  if (response.status >= 300 && response.status < 400) return response;
  const body = await response.text();
  // The full header set is stored with the page: the security headers of this request's kind (HTTPS or
  // not, part of the key), the router's response headers, and the policy with this page's inline script
  // hashes (never a nonce: every visitor gets the same bytes).
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(securityHeaderValues(c, settings))) headers[name.toLowerCase()] = value;
  for (const [name, value] of response.headers) {
    if (!STORED_HEADER_SKIP.has(name)) headers[name] = value;
  }
  headers['content-security-policy'] = contentSecurityPolicy({
    scriptHashes: inlineScriptHashes(body),
    development: !settings.production,
    thirdParty: withCaptchaOrigins(analyticsOrigins(env.analytics), settings.captcha),
  });
  headers['content-type'] = 'text/html; charset=utf-8';
  headers['cache-control'] = env.signedIn ? HTML_CACHE_CONTROL_SIGNED_IN : HTML_CACHE_CONTROL;
  headers.vary = url.pathname === '/' ? VARY_ROOT : VARY_PAGE;
  return buildCachedPage(response.status, body, headers);
}
