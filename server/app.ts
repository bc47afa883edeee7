/**
 * The Hono app: hashed assets (precompressed, immutable), other static files, the API, and pages.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import type { ApiDeps } from './api/deps';
import { notFound } from './api/http';
import { createApi } from './api/index';
import { qrPollFastPath } from './api/scan-login/poll-fast-path';
import type { CollegeChanges } from './college/changes';
import { feedRoutes } from './college/feeds';
import { collegeMediaRoutes } from './college/media';
import { articleIdOfPath, isCollegePageKey } from './college/paths';
import { readVisitorId, type ViewCounter, viewCounter } from './college/views';
import { limitBodies } from './http/body-limit';
import { handleServerError } from './http/errors';
import { clientAddress } from './http/request';
import { policyForEngine, securityHeaders } from './http/security-headers';
import { createRateLimiter } from './limits/rate-limiter';
import { phonePages } from './messaging/index';
import { requestLog } from './ops/log';
import { createPageHandler, type PageHandlerDeps } from './pages/page-handler';
import { createMessagingProvider } from './providers/messaging/index';
import { iconRoutes } from './seo/icons';
import { seoRoutes } from './seo/sitemap';
import { workbenchRoutes } from './workbench/index';

export interface AppOptions extends PageHandlerDeps {
  /** The built client folder (production); absent in development, where Vite serves files. */
  clientDir?: string;
  /** The database and clock of the API; without them the app serves pages only (page tests). */
  api?: Omit<ApiDeps, 'settings' | 'limiter'>;
  /** Changes of the college (every process's): the cached college pages are dropped at each. */
  collegeChanges?: CollegeChanges;
}

const YEAR = 365 * 24 * 3600;

export function createApp(options: AppOptions) {
  const app = new Hono();
  // Article views: counted in the background when a person's GET of an article page is answered, rendered or from
  // the cache (a 304 too: the page the browser has); a request the page rules redirect is not a view.
  const views: ViewCounter | undefined = options.api && viewCounter(options.api.db, options.api.now);
  const pageAnswered =
    views &&
    ((c: Context, path: string, status: number) => {
      // Only a GET of an article page is looked at further (most pages are not).
      if ((status !== 200 && status !== 304) || c.req.method !== 'GET' || articleIdOfPath(path) === null) return;
      views.see({
        method: c.req.method,
        path,
        userAgent: c.req.header('user-agent'),
        visitorCookie: readVisitorId(c),
        address: clientAddress(c, options.settings.trustProxy),
      });
    });
  // Route loaders rendering on the server call the API in-process through the app itself (no network).
  const pages = createPageHandler({ ...options, apiFetch: (request, env) => app.fetch(request, env), pageAnswered });
  // A college change (this process's or another's) drops the cached pages showing college data.
  options.collegeChanges?.subscribe(() => pages.cache.clear(isCollegePageKey));
  // A log line and a request id for every request (first, so it sees the final status).
  app.use('*', requestLog(options.settings));
  app.use('*', policyForEngine());
  // A page already in the HTML cache is answered here, as stored: its security headers, encodings and ETag were
  // made when it was rendered, so none of the middlewares below has anything to add.
  app.use('*', pages.serveCached);
  // First, so every response below (static files, API, pages, errors) gets the headers.
  app.use('*', securityHeaders(options.settings));
  app.use('*', limitBodies());

  // The brand's icons and manifest at the addresses browsers ask for (before the static files).
  app.route('/', iconRoutes(options.settings));
  // The college's pictures (/media/<id>.webp …, from the database), before the files of public/media.
  if (options.api) app.route('/', collegeMediaRoutes(options.api.db));

  if (options.clientDir) {
    const root = options.clientDir;
    app.use(
      '/assets/*',
      serveStatic({
        root,
        precompressed: true,
        onFound: (_path, c) => c.header('Cache-Control', `public, max-age=${YEAR}, immutable`),
        onNotFound: () => {},
      }),
    );
    app.get('/assets/*', (c) => c.text('Not found', 404));
    app.get('/.vite/*', (c) => c.text('Not found', 404));
    // Files of public/ (logos, images, videos, downloads) keep their names: cache them for a day. The API's
    // paths are never files: they skip the file system look-ups (several stat calls per request).
    const publicFiles = serveStatic({
      root,
      precompressed: true,
      onFound: (path, c) => {
        c.header('Cache-Control', 'public, max-age=86400');
        if (path.includes('/downloads/')) c.header('Content-Disposition', 'attachment');
      },
    });
    app.use('*', (c, next) => (c.req.path.startsWith('/api/') ? next() : publicFiles(c, next)));
  }

  // One rate limiter for the app: what it remembers serves every API module and the QR poll's fast path.
  const deps: ApiDeps | undefined = options.api && {
    ...options.api,
    settings: options.settings,
    limiter: createRateLimiter({ liftIpLimits: options.settings.benchUnlimited }),
  };
  app.use('/api/*', compress());
  app.route('/api', createApi(deps));

  if (deps) {
    // robots.txt and sitemap.xml of the request's brand, at its public origin.
    app.route('/', seoRoutes(deps));
    // The college's RSS feeds, per language and section.
    app.route('/', feedRoutes(deps));
    // The landing after sign-in checks the login (the database) and records the first visit, before the pages.
    app.route('/', workbenchRoutes({ ...deps, renderLanding: pages.handleSignedIn }));
    // The QR login's phone pages (simulator and confirm page), before the pages so no page rule redirects them.
    const { db, now, settings } = deps;
    const messaging = deps.messaging ?? createMessagingProvider(settings, db);
    const appFetch = (request: Request, env?: unknown) => app.fetch(request, env);
    app.route('/', phonePages({ db, now, settings, messaging, appFetch }));
  }

  // The operator's console has its own listener (CONSOLE_PORT, server/console/app.ts): never its calls here.
  app.all('/console/api/*', notFound);
  // Pages carry their own stored brotli / gzip encodings (server/pages/html-cache.ts).
  app.get('*', pages.handlePage);
  app.on('HEAD', '*', pages.handlePage);
  // The auth forms post to their own page, so they work before the page's script runs, or without it.
  for (const path of pages.formPaths) app.post(path, pages.handleFormPost);
  app.all('*', (c) =>
    c.text('Method not allowed', 405, {
      Allow: pages.formPaths.includes(c.req.path) ? 'GET, HEAD, POST' : 'GET, HEAD',
    }),
  );

  app.onError(handleServerError(options.settings));
  // server/main.ts puts the Node fast paths in front of the app: a page in the HTML cache, and a QR poll memory
  // can answer (server/api/scan-login/poll-fast-path.ts). Each answers as the app would, or leaves it to the app.
  const pollFast = deps && qrPollFastPath(deps);
  const serveNode = (incoming: IncomingMessage, outgoing: ServerResponse): boolean =>
    pages.serveNode(incoming, outgoing) || (pollFast?.(incoming, outgoing) ?? false);
  return Object.assign(app, { pages, serveNode, views });
}
