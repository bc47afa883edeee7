/**
 * A local stand-in for a page-view analytics service and an ad platform's conversion endpoint, on loopback,
 * for the analytics spec. Its `hm.js` behaves like a Baidu Tongji style script: it takes over the `_hmt`
 * command queue, honours `_setAutoPageview`, and reports page views and events as image beacons to
 * `/collect`; `/conv?...` records a conversion. Every request is recorded in order.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface AnalyticsHit {
  kind: 'script' | 'pageview' | 'event' | 'conversion';
  /** The query of the request (the site id, the page's path, the click id…). */
  params: Record<string, string>;
}

export interface FakeAnalytics {
  origin: string;
  hits: AnalyticsHit[];
  stop(): Promise<void>;
}

// A 1×1 transparent GIF: the beacons are images, and an image that fails to load would log a console error.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function script(origin: string, site: string): string {
  return `(function () {
  var site = ${JSON.stringify(site)};
  var auto = true;
  function send(kind, data) {
    var query = new URLSearchParams(data);
    query.set('kind', kind);
    query.set('site', site);
    new Image().src = ${JSON.stringify(origin)} + '/collect?' + query.toString();
  }
  function run(command) {
    if (command[0] === '_setAutoPageview') auto = command[1];
    else if (command[0] === '_trackPageview') send('pageview', { path: command[1] });
    else if (command[0] === '_trackEvent') send('event', { category: command[1], action: command[2], label: command[3] || '' });
  }
  var queued = window._hmt || [];
  window._hmt = { push: function (command) { run(command); } };
  for (var i = 0; i < queued.length; i++) run(queued[i]);
  if (auto) send('pageview', { path: location.pathname + location.search, auto: '1' });
})();`;
}

export async function startFakeAnalytics(): Promise<FakeAnalytics> {
  const hits: AnalyticsHit[] = [];
  let origin = '';
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', origin);
    const params = Object.fromEntries(url.searchParams);
    request.resume();
    if (url.pathname === '/hm.js') {
      hits.push({ kind: 'script', params });
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      response.end(script(origin, params.site ?? ''));
    } else if (url.pathname === '/collect') {
      const { kind, ...rest } = params;
      hits.push({ kind: kind === 'event' ? 'event' : 'pageview', params: rest });
      response.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'no-store' });
      response.end(PIXEL);
    } else if (url.pathname === '/conv') {
      hits.push({ kind: 'conversion', params });
      response.writeHead(204);
      response.end();
    } else {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    hits,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
