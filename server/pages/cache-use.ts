/** The HTML cache in use: a stored page answered in Hono or on Node (decision 025), one render per burst of misses. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import type { Settings } from '../config/settings';
import { clientAddress, forwardedRequestId, nodeContext, requestBrand } from '../http/request';
import { understandsManifestSrc, withoutManifestSrc } from '../http/security-headers';
import { logRequest, requestIdFrom } from '../ops/log';
import { catchAllTemplate } from '../ops/metrics';
import { type CachedPage, type HtmlCache, matchesEtag, pickEncoding } from './html-cache';
import { rootLanguage } from './page-rules';
import { pageInputs } from './render';
import { wantsScanTicket } from './scan-ticket';

/** A hit's status (304 when the ETag matches), stored header object (copied only to add to it) and body. */
function hitAnswer(c: Context, page: CachedPage, setCookie: string | undefined, requestId: string | undefined) {
  const representation = page[pickEncoding(c.req.header('accept-encoding'))];
  const notModified = matchesEtag(c.req.header('if-none-match'), representation.headers.etag);
  let headers = notModified ? representation.notModified : representation.headers;
  // WebKit reports `manifest-src` as an error on every page (the Node fast path never meets policyForEngine).
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

/** A stored page as a Response; @hono/node-server writes the Buffer and header object as they are. */
export function respond(c: Context, page: CachedPage, setCookie: string | undefined): Response {
  const requestId = c.get('requestId' as never) as unknown;
  const answer = hitAnswer(c, page, setCookie, typeof requestId === 'string' ? requestId : undefined);
  return new Response(answer.body as Uint8Array<ArrayBuffer> | null, {
    status: answer.status,
    headers: answer.headers,
  });
}

/** Paths that are never pages: the API and the hashed assets skip the cache's look-up. */
const notPage = (path: string) => path.startsWith('/api/') || path.startsWith('/assets/');

const cacheable = (page: CachedPage | Response): page is CachedPage =>
  !(page instanceof Response) && (page.status === 200 || page.status === 404);

/** Told of a page answered (server/pages/page-handler.ts, `pageAnswered`). */
export type PageAnswered = (c: Context, path: string, status: number) => void;

export function cacheUse(cache: HtmlCache, settings: Settings, now: () => Date, answered?: PageAnswered) {
  /** Renders under way, by cache key. */
  const rendering = new Map<string, { generation: number; page: Promise<CachedPage | undefined> }>();

  /** The cached page for a request and the language cookie "/" sets, or null when the page route must answer. */
  function lookup(c: Context, path: string): { page: CachedPage; setCookie?: string } | null {
    const { key, https } = pageInputs(c, settings, now);
    const page = cache.get(key);
    if (!page) return null;
    if (path !== '/') return { page };
    const language = rootLanguage(c, https);
    // An English visitor of "/" is redirected: the page route's rules answer that.
    return language.locale === 'en' ? null : { page, setCookie: language.setCookie };
  }

  /** Early middleware: answers a cached page, or passes the request on. */
  const serveCached: MiddlewareHandler = async (c, next) => {
    if (!cache.enabled || cache.size === 0 || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    if (notPage(c.req.path) || wantsScanTicket(c, c.req.path)) return next();
    const hit = lookup(c, c.req.path);
    if (!hit) return next();
    const response = respond(c, hit.page, hit.setCookie);
    answered?.(c, c.req.path, response.status);
    return response;
  };

  /** The same in front of the app on Node (server/main.ts), logged here (Hono never sees it); false: not cached. */
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
    if (wantsScanTicket(c, path)) return false;
    let hit: ReturnType<typeof lookup>;
    try {
      hit = lookup(c, path);
    } catch {
      return false;
    }
    if (!hit) return false;
    const reqId = requestIdFrom(forwardedRequestId(c, settings.trustProxy));
    const { status, headers, body } = hitAnswer(c, hit.page, hit.setCookie, reqId);
    outgoing.writeHead(status, headers);
    if (body) outgoing.end(body);
    else outgoing.end();
    answered?.(c, path, status);
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

  /**
   * The page of `key` from the cache, or from `render`, stored if 200 or 404. A render already under way is waited
   * for; when it gives nothing to store (a redirect, an error), the waiting requests render for themselves.
   */
  async function cachedOrRendered(
    key: string,
    render: () => Promise<CachedPage | Response>,
  ): Promise<CachedPage | Response> {
    const page = cache.get(key);
    if (page) return page;
    const generation = cache.generation;
    // A render begun before the cache was cleared may show what changed: it is not shared.
    const current = rendering.get(key);
    const leader = current?.generation === generation ? current.page : undefined;
    const shared = leader && (await leader);
    if (shared && cache.generation === generation) return shared;
    const rendered = render().then((result) => {
      if (cacheable(result)) cache.set(key, result, generation);
      return result;
    });
    if (cache.enabled && !leader) {
      const sharing = rendered.then(
        (result) => (cacheable(result) ? result : undefined),
        () => undefined,
      );
      const entry = { generation, page: sharing };
      rendering.set(key, entry);
      void sharing.then(() => {
        if (rendering.get(key) === entry) rendering.delete(key);
      });
    }
    return rendered;
  }

  return { serveCached, serveNode, cachedOrRendered };
}
