/**
 * Answers page requests: the rules (./page-rules.ts), then the page from the HTML cache or a render (./cache-use.ts,
 * ./render.ts); /scan_code with a code of its own is never stored (./scan-ticket.ts). `serveCached` runs right after
 * the request log, before the other middlewares (decision 025, "The page cache stores finished responses").
 */
import type { Context } from 'hono';
import type { SellerLanding } from '../../shared/portal-env';
import { isPreviewPage } from '../college/paths';
import { requestIsHttps } from '../http/request';
import { cacheUse, type PageAnswered, respond } from './cache-use';
import { FORM_PATHS, formPosts } from './form-posts';
import { HtmlCache } from './html-cache';
import { pageRules } from './page-rules';
import { pageInputs, type RenderDeps, renderFresh } from './render';
import { createPageTicket, wantsScanTicket } from './scan-ticket';

export type { Renderer } from './render';

export interface PageHandlerDeps extends Omit<RenderDeps, 'now'> {
  now?: () => Date;
  /**
   * Told of every page the page route or the cache answers (not of a redirect of the page rules): `path` without its
   * query, `status` as sent (the college's view counter, server/app.ts). `c` may be the Node fast path's bare context.
   */
  pageAnswered?: PageAnswered;
}

export function createPageHandler(deps: PageHandlerDeps) {
  const { settings } = deps;
  const cache = new HtmlCache({
    ttlMs: settings.production ? settings.htmlCacheSeconds * 1000 : 0,
    maxBytes: settings.htmlCacheMegabytes * 1024 * 1024,
  });
  const renderDeps: RenderDeps = { ...deps, now: deps.now ?? (() => new Date()) };
  const { serveCached, serveNode, cachedOrRendered } = cacheUse(cache, settings, renderDeps.now, deps.pageAnswered);

  async function handlePage(c: Context): Promise<Response> {
    const url = new URL(c.req.url);
    const rules = pageRules(c, url, requestIsHttps(c, settings.trustProxy));
    if (rules.redirect) return rules.redirect;
    const { env, origin, key, target } = pageInputs(c, settings, renderDeps.now);
    // Rendered from the path and its known query parameters only (the key's; render.ts, PAGE_QUERY_PARAMS).
    const renderUrl = new URL(`${url.origin}${target}`);
    // /scan_code carries a fresh code of its own: rendered for this visitor, never stored (./scan-ticket.ts).
    const code = deps.apiFetch && wantsScanTicket(c, url.pathname) ? await createPageTicket(c, renderDeps) : null;
    if (code) {
      env.scanCode = code;
      const page = await renderFresh(c, renderDeps, renderUrl, env, origin);
      if (page instanceof Response) return page;
      // Compressed as a stored page is, but `no-store` and without an ETag: it holds this visitor's code.
      const response = respond(c, page, undefined);
      response.headers.set('cache-control', 'no-store');
      response.headers.delete('etag');
      return response;
    }
    // A draft's preview: rendered for the holder of the link each time, never stored here or by anyone else.
    if (isPreviewPage(url.pathname)) {
      const page = await renderFresh(c, renderDeps, renderUrl, env, origin);
      if (page instanceof Response) return page;
      const response = respond(c, page, rules.setCookie);
      response.headers.set('cache-control', 'no-store');
      response.headers.set('x-robots-tag', 'noindex');
      response.headers.delete('etag');
      return response;
    }
    const page = await cachedOrRendered(key, () => renderFresh(c, renderDeps, renderUrl, env, origin));
    const response = page instanceof Response ? page : respond(c, page, rules.setCookie);
    deps.pageAnswered?.(c, url.pathname, response.status);
    return response;
  }

  /**
   * The landing after sign-in, for the seller the workbench route found (server/workbench/): the page rules,
   * then a render for this seller only, `private, no-store` and without an ETag, never in the HTML cache.
   */
  async function handleSignedIn(c: Context, seller: SellerLanding): Promise<Response> {
    const url = new URL(c.req.url);
    const rules = pageRules(c, url, requestIsHttps(c, settings.trustProxy));
    if (rules.redirect) return rules.redirect;
    const { env, origin, target } = pageInputs(c, settings, renderDeps.now);
    env.signedIn = true;
    env.seller = seller;
    const page = await renderFresh(c, renderDeps, new URL(`${url.origin}${target}`), env, origin);
    if (page instanceof Response) return page;
    const response = respond(c, page, rules.setCookie);
    response.headers.set('cache-control', 'private, no-store');
    response.headers.delete('etag');
    return response;
  }

  return {
    handlePage,
    handleSignedIn,
    handleFormPost: formPosts(renderDeps),
    formPaths: FORM_PATHS,
    serveCached,
    serveNode,
    cache,
  };
}
