/** Rendering a page: what its HTML depends on (environment, cache key), and a render with its stored headers. */
import type { ServerManifest } from '@tanstack/router-core';
import type { Context } from 'hono';
import { brands, resolveBrandId } from '../../shared/brand';
import { ATTRIBUTION_PARAMS } from '../../shared/contract/attribution';
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
  /** The app's own `fetch`: route loaders and form posts reach the API in-process. */
  apiFetch?: (request: Request, env?: unknown) => Response | Promise<Response>;
}

/** A page varies by device (User-Agent: shared caches have nothing narrower, decision 025) and, on "/", by language. */
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
  const headers = new Headers({ 'content-type': 'application/json', 'accept-language': locale });
  copyHeaders(c, FORWARDED, headers);
  return deps.apiFetch(new Request(new URL(`/api${path}`, c.req.url), { method: 'POST', headers, body }), c.env);
}

/** Router response headers that are never stored: cookies (visitor-specific) and what the cache sets itself. */
const STORED_HEADER_SKIP = /^(set-cookie|content-(length|encoding|type)|etag|vary|cache-control)$/;

/**
 * The query parameters a page's HTML may depend on: the college's page and search, the login form's tab and way,
 * the sign-in redirect, and the attribution and invite parameters the register form and its links carry on. Any
 * other parameter is left out of the cache key and of the URL the page is rendered from: random junk in a query
 * string gets the cached page of the URL without it (a new render and a new entry each time otherwise).
 */
export const PAGE_QUERY_PARAMS: ReadonlySet<string> = new Set([
  'page',
  'q',
  'tab',
  'way',
  'redirect',
  ...ATTRIBUTION_PARAMS,
  ...['utm_source', 'utm_medium', 'utm_campaign', 'utm_content'],
  ...Object.values(brands).map((brand) => brand.inviteQueryKey),
]);

function knownParam(part: string): boolean {
  const end = part.indexOf('=');
  const name = end < 0 ? part : part.slice(0, end);
  if (PAGE_QUERY_PARAMS.has(name)) return true;
  if (!name.includes('%') && !name.includes('+')) return false;
  try {
    return PAGE_QUERY_PARAMS.has(decodeURIComponent(name.replaceAll('+', ' ')));
  } catch {
    return false;
  }
}

/**
 * The path and the known query parameters of the request, raw as sent and in their order (the cache key and the
 * render's URL; no decoding of values, so no two URLs collide).
 */
export function pageTarget(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const query = url.indexOf('?', start);
  if (query < 0) return url.slice(start);
  const path = url.slice(start, query);
  const hash = url.indexOf('#', query);
  const parts = url.slice(query + 1, hash < 0 ? undefined : hash).split('&');
  const kept = parts.filter(knownParam);
  if (kept.length === parts.length) return url.slice(start, hash < 0 ? undefined : hash);
  return kept.length === 0 ? path : `${path}?${kept.join('&')}`;
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
  // The signed-in header from the first paint: only the cookie's presence, so one entry serves every signed-in visitor.
  if (requestCookie(c, AUTH_COOKIE)) env.signedIn = true;
  const analytics = settings.analytics[env.brandId];
  if (analytics) env.analytics = analytics;
  // Absolute URLs come from the configured or an accepted origin, never from whatever Host a client sends.
  const origin = publicOrigin(c, settings, env.brandId);
  // HTTPS is in the key for the Strict-Transport-Security header stored with the page.
  // Only the known query parameters (PAGE_QUERY_PARAMS): the render sees `target`, not the request's own URL.
  const target = pageTarget(c.req.url);
  const key = `${https ? 's' : 'p'}|${env.signedIn ? 'a' : 'n'}|${env.brandId}|${env.isMobile ? 'm' : 'd'}|${env.platform}|${env.year}|${origin}|${target}`;
  return { env, origin, https, key, target };
}

/** Renders the page of `url` and builds what is stored of it; a redirect comes back as it is. */
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
  const response = await renderer.renderPage(request, { env, origin, manifest: await deps.getManifest(), apiFetch });
  if (response.status >= 300 && response.status < 400) return response;
  const body = await response.text();
  // Stored: this request kind's security headers (HTTPS is in the key), the router's, and a policy with the page's
  // inline script hashes (never a nonce: every visitor gets the same bytes).
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(securityHeaderValues(c, settings))) headers[name.toLowerCase()] = value;
  for (const [name, value] of response.headers) {
    if (!STORED_HEADER_SKIP.test(name)) headers[name] = value;
  }
  headers['content-security-policy'] = contentSecurityPolicy({
    scriptHashes: inlineScriptHashes(body),
    development: !settings.production,
    thirdParty: withCaptchaOrigins(analyticsOrigins(env.analytics), settings.captcha),
  });
  headers['content-type'] = 'text/html; charset=utf-8';
  // A signed-in variant: a shared cache (CDN, proxy) must not hand it to anyone else.
  headers['cache-control'] = env.signedIn ? 'private, no-cache' : 'no-cache';
  headers.vary = url.pathname === '/' ? VARY_ROOT : VARY_PAGE;
  return buildCachedPage(response.status, body, headers);
}
