/**
 * Answers page requests: language on "/" (docs/product.md#states), the device rules of docs/product.md#pages before rendering, then the
 * server-rendered page from the HTML cache or a fresh render. Pages are never `no-store`: they may be
 * stored and are revalidated with their ETag.
 *
 * `serveCached` is a middleware mounted right after the request log: a page already in the cache is answered
 * there, before the security headers, body limits, static files and compression middlewares, with the stored
 * bytes and header objects (docs/decisions/025-serving-speed-and-hot-api-calls.md, "The page cache stores finished responses").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerManifest } from '@tanstack/router-core';
import type { Context, MiddlewareHandler } from 'hono';
import { resolveBrandId } from '../../shared/brand';
import { isMobileUserAgent, platformFromUserAgent } from '../../shared/device';
import { isLocale, LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS, type Locale, pickBrowserLocale } from '../../shared/locale';
import { pageRedirect } from '../../shared/page-rules';
import { AUTH_COOKIE, type PortalEnv } from '../../shared/portal-env';
import { analyticsOrigins, type Settings } from '../config/settings';
import { clientAddress, nodeContext, publicOrigin, requestBrand, requestHost, requestIsHttps } from '../http/request';
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  securityHeaderValues,
  understandsManifestSrc,
  withoutManifestSrc,
} from '../http/security-headers';
import { logRequest, requestIdFrom } from '../ops/log';
import { catchAllTemplate } from '../ops/metrics';
import { withCaptchaOrigins } from '../providers/captcha/index';
import { buildCachedPage, type CachedPage, HtmlCache, matchesEtag, pickEncoding } from './html-cache';

/** Calls an API path for route loaders; the page handler answers it from the in-process API. */
export type PageApiFetch = (path: string, init?: RequestInit) => Promise<Response>;

export interface Renderer {
  renderPage(
    request: Request,
    options: { env: PortalEnv; origin: string; manifest?: ServerManifest; apiFetch?: PageApiFetch },
  ): Promise<Response>;
}

export interface PageHandlerDeps {
  settings: Settings;
  getRenderer: () => Promise<Renderer>;
  getManifest: () => Promise<ServerManifest | undefined>;
  now?: () => Date;
  /**
   * The app's own `fetch` (Hono's `app.fetch`), so route loaders on the server reach the API without a
   * network round trip. Pages are cached and shared: only the Host header (the brand) is passed on, never the
   * visitor's cookies.
   */
  apiFetch?: (request: Request, env?: unknown) => Response | Promise<Response>;
  /** The HTML cache's byte budget (default: settings.htmlCacheMegabytes). */
  cacheBytes?: number;
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

function languageCookie(locale: Locale, secure: boolean): string {
  const cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${LANGUAGE_COOKIE_DAYS * 24 * 3600}; SameSite=Lax`;
  return secure ? `${cookie}; Secure` : cookie;
}

/** The raw path and query of the request, exactly as sent (the cache key; no decoding, so no two URLs collide). */
function rawPathAndQuery(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  return start < 0 ? '/' : url.slice(start);
}

export interface PageHandler {
  /** The page route (GET and HEAD): rules, then the cache or a render. */
  handlePage: (c: Context) => Promise<Response>;
  /** Early middleware: answers a cached page, or passes the request on. */
  serveCached: MiddlewareHandler;
  /** The same in front of the app on Node: true when it answered. */
  serveNode: (incoming: IncomingMessage, outgoing: ServerResponse) => boolean;
  cache: HtmlCache;
}

export function createPageHandler(deps: PageHandlerDeps): PageHandler {
  const { settings } = deps;
  const cache = new HtmlCache({
    ttlMs: settings.production ? settings.htmlCacheSeconds * 1000 : 0,
    maxBytes: deps.cacheBytes ?? settings.htmlCacheMegabytes * 1024 * 1024,
  });
  const now = deps.now ?? (() => new Date());
  /** Renders under way, by cache key: concurrent misses of one page share one render. */
  const rendering = new Map<string, Promise<CachedPage | undefined>>();

  /** The language of "/" (docs/product.md#states): a valid cookie, else the browser's language; the cookie to set if none. */
  function rootLanguage(c: Context, https: boolean): { locale: Locale; setCookie?: string } {
    const cookie = readCookie(c.req.header('cookie'), LANGUAGE_COOKIE);
    if (isLocale(cookie)) return { locale: cookie };
    const locale = pickBrowserLocale(c.req.header('accept-language')) ?? 'zh';
    return { locale, setCookie: languageCookie(locale, https) };
  }

  /** Everything a page's HTML depends on; settings (edition, workbench, downloads) are fixed per process. */
  function pageInputs(c: Context) {
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
    if (readCookie(c.req.header('cookie'), AUTH_COOKIE)) env.signedIn = true;
    const analytics = settings.analytics[env.brandId];
    if (analytics) env.analytics = analytics;
    // Absolute URLs come from the configured or an accepted origin, never from whatever Host a client sends.
    const origin = publicOrigin(c, settings, env.brandId);
    // HTTPS is in the key for the Strict-Transport-Security header stored with the page.
    const key = `${https ? 's' : 'p'}|${env.signedIn ? 'a' : 'n'}|${env.brandId}|${env.isMobile ? 'm' : 'd'}|${env.platform}|${env.year}|${origin}|${rawPathAndQuery(c.req.url)}`;
    return { env, origin, https, key };
  }

  /**
   * What a cache hit answers, for both ways a hit is served (the Hono middleware and the Node fast path): the
   * status (304 when the ETag matches), the stored header object (copied only when a request id or the language
   * cookie is added) and the stored body (none for a 304 or a HEAD).
   */
  function hitAnswer(c: Context, page: CachedPage, setCookie: string | undefined, requestId: string | undefined) {
    const representation = page[pickEncoding(c.req.header('accept-encoding'))];
    const notModified = matchesEtag(c.req.header('if-none-match'), representation.headers.etag);
    let headers = notModified ? representation.notModified : representation.headers;
    // WebKit reports `manifest-src` as an error on every page: it gets the policy without it (the Node fast path
    // never reaches the app's policyForEngine middleware, so the adaptation is made here for both paths).
    const webkit = !understandsManifestSrc(c.req.header('user-agent'));
    if (requestId || setCookie || webkit) {
      headers = { ...headers };
      if (requestId) headers['x-request-id'] = requestId;
      if (setCookie) headers['set-cookie'] = setCookie;
      const policy = headers['content-security-policy'];
      if (webkit && policy) headers['content-security-policy'] = withoutManifestSrc(policy);
    }
    const body = notModified || c.req.method === 'HEAD' ? null : representation.body;
    return { status: notModified ? 304 : page.status, headers, body };
  }

  function respond(c: Context, page: CachedPage, setCookie: string | undefined, requestId: unknown): Response {
    const answer = hitAnswer(c, page, setCookie, typeof requestId === 'string' ? requestId : undefined);
    // The stored Buffer itself: @hono/node-server writes a Uint8Array body and a plain header object as they are.
    return new Response(answer.body as Uint8Array<ArrayBuffer> | null, {
      status: answer.status,
      headers: answer.headers,
    });
  }

  /** The cached page for a request and the language cookie "/" sets, or null when the page route must answer. */
  function lookup(c: Context, path: string): { page: CachedPage; setCookie?: string } | null {
    const { key, https } = pageInputs(c);
    const page = cache.get(key);
    if (!page) return null;
    if (path !== '/') return { page };
    const language = rootLanguage(c, https);
    // An English visitor of "/" is redirected: the page route's rules answer that.
    return language.locale === 'en' ? null : { page, setCookie: language.setCookie };
  }

  /** Paths that are never pages: the API and the hashed assets skip the cache's look-up. */
  const notPage = (path: string) => path.startsWith('/api/') || path.startsWith('/assets/');

  const serveCached: MiddlewareHandler = async (c, next) => {
    if (!cache.enabled || cache.size === 0 || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    if (notPage(c.req.path)) return next();
    const hit = lookup(c, c.req.path);
    if (!hit) return next();
    return respond(c, hit.page, hit.setCookie, c.get('requestId' as never));
  };

  /**
   * The same, in front of the app on Node (server/main.ts): a cached page is written from the stored objects
   * straight to the socket, with its request line logged, and Hono never sees the request. False: not cached
   * (or not a GET / HEAD), the app answers.
   */
  function serveNode(incoming: IncomingMessage, outgoing: ServerResponse): boolean {
    const method = incoming.method;
    if (!cache.enabled || cache.size === 0 || (method !== 'GET' && method !== 'HEAD')) return false;
    const startedAt = performance.now();
    const target = incoming.url ?? '/';
    // Only origin-form targets with a Host header (anything else is the app's to answer or refuse).
    if (target.charCodeAt(0) !== 47 /* "/" */ || notPage(target) || !incoming.headers.host) return false;
    const c = nodeContext(incoming, target);
    const query = target.indexOf('?');
    const path = query < 0 ? target : target.slice(0, query);
    let hit: ReturnType<typeof lookup>;
    try {
      hit = lookup(c, path);
    } catch {
      return false;
    }
    if (!hit) return false;
    const reqId = requestIdFrom(c.req.header('x-request-id'));
    const { status, headers, body } = hitAnswer(c, hit.page, hit.setCookie, reqId);
    outgoing.writeHead(status, headers);
    if (body) outgoing.end(body);
    else outgoing.end();
    logRequest({
      reqId,
      method,
      path,
      route: catchAllTemplate(path),
      status,
      startedAt,
      brand: requestBrand(c, settings),
      ip: clientAddress(c, settings.trustProxy),
      userAgent: incoming.headers['user-agent'],
    });
    return true;
  }

  async function handlePage(c: Context): Promise<Response> {
    const url = new URL(c.req.url);
    const userAgent = c.req.header('user-agent') ?? '';
    const isMobile = isMobileUserAgent(userAgent);
    let pathname = url.pathname;
    let setCookie: string | undefined;
    const https = requestIsHttps(c, settings.trustProxy);

    // Language: the prefix decides; on exactly "/", a valid cookie, else the browser's language (docs/product.md#states).
    if (pathname === '/') {
      const language = rootLanguage(c, https);
      setCookie = language.setCookie;
      if (language.locale === 'en') pathname = '/en';
    }

    const target =
      pageRedirect(pathname, url.search, isMobile) ?? (pathname !== url.pathname ? `${pathname}${url.search}` : null);
    if (target) {
      const headers = new Headers({
        Location: target,
        'Cache-Control': 'no-cache',
        Vary: url.pathname === '/' ? 'User-Agent, Cookie, Accept-Language' : 'User-Agent',
      });
      if (setCookie) headers.append('Set-Cookie', setCookie);
      return new Response(null, { status: 302, headers });
    }

    const { env, origin, key } = pageInputs(c);
    /** Renders the page and stores it when it is worth keeping (200 and 404); a redirect comes back as it is. */
    const render = async (): Promise<CachedPage | Response> => {
      const renderer = await deps.getRenderer();
      const renderHeaders = new Headers();
      for (const name of RENDER_HEADERS) {
        const value = c.req.header(name);
        if (value !== undefined) renderHeaders.set(name, value);
      }
      const request = new Request(url, { headers: renderHeaders, signal: c.req.raw.signal });
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
      for (const [name, value] of Object.entries(securityHeaderValues(c, settings)))
        headers[name.toLowerCase()] = value;
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
      const rendered = await buildCachedPage(response.status, body, headers);
      if (rendered.status === 200 || rendered.status === 404) cache.set(key, rendered);
      return rendered;
    };

    let page = cache.get(key);
    if (!page) {
      // A render of this page already under way (a burst of visitors on a page not cached yet, or just expired):
      // wait for it rather than rendering it again with its loaders' database calls. Only a page worth caching
      // is shared; after a redirect or an error the waiting requests render for themselves.
      const leader = cache.enabled ? rendering.get(key) : undefined;
      const shared = leader ? await leader.catch(() => undefined) : undefined;
      if (shared) page = shared;
      else {
        let share: (page: CachedPage | undefined) => void = () => {};
        const leading = cache.enabled && !leader;
        if (leading)
          rendering.set(
            key,
            new Promise((resolve) => {
              share = resolve;
            }),
          );
        let rendered: CachedPage | Response | undefined;
        try {
          rendered = await render();
        } finally {
          if (leading) {
            rendering.delete(key);
            const cacheable = rendered && !(rendered instanceof Response) && [200, 404].includes(rendered.status);
            share(cacheable ? (rendered as CachedPage) : undefined);
          }
        }
        if (rendered instanceof Response) return rendered;
        page = rendered;
      }
    }
    return respond(c, page, setCookie, c.get('requestId' as never));
  }

  return { handlePage, serveCached, serveNode, cache };
}

/** One cookie's value from a Cookie header (the language cookie of "/"). */
function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
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
