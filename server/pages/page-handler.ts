/**
 * Answers page requests: language on "/" (spec §4), the device rules of spec §2 before rendering, then the
 * server-rendered page from the HTML cache or a fresh render. Pages are never `no-store`: they may be
 * stored and are revalidated with their ETag.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { ServerManifest } from '@tanstack/router-core';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { resolveBrandId } from '../../shared/brand';
import { isMobileUserAgent, platformFromUserAgent } from '../../shared/device';
import { isLocale, LANGUAGE_COOKIE, LANGUAGE_COOKIE_DAYS, type Locale, pickBrowserLocale } from '../../shared/locale';
import { pageRedirect } from '../../shared/page-rules';
import type { PortalEnv } from '../../shared/portal-env';
import { publicOrigin, requestHost, requestIsHttps } from '../request';
import { contentSecurityPolicy, inlineScriptHashes } from '../security-headers';
import { analyticsOrigins, type Settings } from '../settings';
import { type CachedPage, HtmlCache } from './html-cache';

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
}

const HTML_CACHE_CONTROL = 'no-cache';

function languageCookie(locale: Locale, secure: boolean): string {
  const cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${LANGUAGE_COOKIE_DAYS * 24 * 3600}; SameSite=Lax`;
  return secure ? `${cookie}; Secure` : cookie;
}

/** The encoding a cached page goes out in: brotli when accepted, else gzip, else none (the middleware's rules). */
function pickEncoding(accept: string | undefined): 'br' | 'gzip' | undefined {
  if (!accept) return undefined;
  const accepted = (name: string) =>
    accept.split(',').some((part) => {
      const [token, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return token.trim() === name && (!q || Number(q.slice(2)) > 0);
    });
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return undefined;
}

function encodedBody(page: CachedPage, encoding: 'br' | 'gzip'): Buffer {
  page.encoded ??= {};
  const ready = page.encoded[encoding];
  if (ready) return ready;
  const made =
    encoding === 'br'
      ? brotliCompressSync(page.body, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: 8,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          },
        })
      : gzipSync(page.body, { level: 6 });
  page.encoded[encoding] = made;
  return made;
}

export function createPageHandler(deps: PageHandlerDeps) {
  const { settings } = deps;
  const cache = new HtmlCache(settings.production ? settings.htmlCacheSeconds * 1000 : 0);
  /** Renders under way, by cache key: concurrent misses of one page share one render (only with the cache on). */
  const rendering = new Map<string, Promise<CachedPage | undefined>>();
  const coalesce = settings.production && settings.htmlCacheSeconds > 0;
  const now = deps.now ?? (() => new Date());

  return async function handlePage(c: Context): Promise<Response> {
    const url = new URL(c.req.url);
    const userAgent = c.req.header('user-agent') ?? '';
    const isMobile = isMobileUserAgent(userAgent);
    let pathname = url.pathname;
    let setCookie: string | undefined;

    // Language: the prefix decides; on exactly "/", a valid cookie, else the browser's language (spec §4).
    if (pathname === '/') {
      const cookie = getCookie(c, LANGUAGE_COOKIE);
      let locale: Locale;
      if (isLocale(cookie)) locale = cookie;
      else {
        locale = pickBrowserLocale(c.req.header('accept-language')) ?? 'zh';
        setCookie = languageCookie(locale, requestIsHttps(c, settings.trustProxy));
      }
      if (locale === 'en') pathname = '/en';
    }

    const target =
      pageRedirect(pathname, url.search, isMobile) ?? (pathname !== url.pathname ? `${pathname}${url.search}` : null);
    if (target) {
      const headers = new Headers({
        Location: target,
        'Cache-Control': 'no-cache',
        Vary: 'User-Agent, Cookie, Accept-Language',
      });
      if (setCookie) headers.append('Set-Cookie', setCookie);
      return new Response(null, { status: 302, headers });
    }

    const env: PortalEnv = {
      brandId: resolveBrandId(requestHost(c), {
        brand2HostMarker: settings.brand2HostMarker,
        brand2Port: settings.brand2Port,
      }),
      edition: settings.edition,
      isMobile,
      platform: platformFromUserAgent(userAgent),
      workbenchUrl: settings.workbenchUrl,
      year: now().getFullYear(),
    };
    env.downloads = settings.downloads[env.brandId];
    const analytics = settings.analytics[env.brandId];
    if (analytics) env.analytics = analytics;
    // Absolute URLs come from the configured or an accepted origin, never from whatever Host a client sends.
    const origin = publicOrigin(c, settings, env.brandId);
    const key = [env.brandId, env.isMobile, env.platform, env.year, origin, url.pathname, url.search].join('|');

    let page = cache.get(key);
    // A render of this page already under way (a burst of visitors on a page not in the cache, or just expired):
    // wait for it rather than rendering the same page again, with the database calls of its loaders.
    const pending = page || !coalesce ? undefined : rendering.get(key);
    if (pending) page = await pending;
    if (!page) {
      const render = async (): Promise<CachedPage | Response> => {
        const renderer = await deps.getRenderer();
        const request = new Request(url, { headers: c.req.raw.headers, signal: c.req.raw.signal });
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
        // The router's own inline scripts (scroll restoration, dehydrated state) run by hash: the policy is
        // computed once per rendered page and cached with it, so every visitor gets the same bytes.
        const csp = contentSecurityPolicy({
          scriptHashes: inlineScriptHashes(body),
          development: !settings.production,
          thirdParty: analyticsOrigins(analytics),
        });
        return {
          status: response.status,
          headers: [...response.headers.entries(), ['Content-Security-Policy', csp]],
          body,
          etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
        } satisfies CachedPage;
      };
      const leading = coalesce && !rendering.has(key);
      let share: (shared: CachedPage | undefined) => void = () => {};
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
          // Only a page worth caching is shared; an error or a redirect is rendered for each request.
          const cacheable = rendered && !(rendered instanceof Response) && [200, 404].includes(rendered.status);
          share(cacheable ? (rendered as CachedPage) : undefined);
        }
      }
      if (rendered instanceof Response) return rendered;
      page = rendered;
      if (page.status === 200 || page.status === 404) cache.set(key, page);
    }
    const cached = coalesce && (page.status === 200 || page.status === 404);

    const headers = new Headers(page.headers);
    headers.set('Content-Type', 'text/html; charset=utf-8');
    headers.set('Cache-Control', HTML_CACHE_CONTROL);
    headers.set('ETag', page.etag);
    headers.set('Vary', 'User-Agent, Cookie, Accept-Language');
    if (setCookie) headers.append('Set-Cookie', setCookie);
    // A compressed answer carries the weak form of the ETag (as the compress middleware writes it): both match.
    const asked = c.req.header('if-none-match');
    if (asked === page.etag || asked === `W/${page.etag}`) return new Response(null, { status: 304, headers });
    if (c.req.method === 'HEAD') return new Response(null, { status: page.status, headers });
    // A cached page is compressed once and kept so, not again for every visitor (it halved the throughput).
    const encoding = cached ? pickEncoding(c.req.header('accept-encoding')) : undefined;
    if (!encoding || !page) return new Response(page.body, { status: page.status, headers });
    const encoded = encodedBody(page, encoding);
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(encoded.length));
    headers.set('ETag', `W/${page.etag}`);
    headers.set('Vary', 'User-Agent, Cookie, Accept-Language, Accept-Encoding');
    return new Response(new Uint8Array(encoded), { status: page.status, headers });
  };
}
