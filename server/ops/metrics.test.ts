// @vitest-environment node
/**
 * The metrics as an operator's Prometheus sees them: the app served over real HTTP the way server/main.ts serves it
 * (the Node fast paths first, then Hono), the metrics listener on its own port, and real requests moving the
 * counters read back from `/metrics`. Also the request lines those requests write (client address behind a
 * trusted proxy, user agent, user id, never a phone number or a token) and the migration lines of a start.
 */

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { healthApi } from '../api/health';
import type { Database } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { openPGlite } from '../db/pglite';
import type { CreateQrInput, MessagingProvider } from '../providers/messaging/types';
import type { SmsProvider } from '../providers/sms/index';
import { createSmsSink } from '../providers/sms/sink';
import { handleScan } from '../scan-login/scan';
import { harness, PASSWORD } from '../testing/accounts-harness';
import { captureLog } from '../testing/capture-log';
import { catchAllTemplate, observeRequest, registry, startMetricsServer, watchPool, watchReadiness } from './metrics';

const PUBLIC_PORT = 5401;
const METRICS_PORT = 5402;
const PUBLIC = `http://127.0.0.1:${PUBLIC_PORT}`;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) metrics-test/1.0';

const ROOT = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/**
 * Runs Debian's promtool (package `prometheus`) in the project folder. Missing, the test fails: the checks are part
 * of what `npm test` proves, never skipped.
 */
function promtool(args: string[], input?: string): { status: number | null; output: string } {
  const run = spawnSync('promtool', args, { cwd: ROOT, input, encoding: 'utf8' });
  if ((run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
    throw new Error(
      'promtool is missing: install it with `apt-get install -y prometheus` (Debian ships promtool in it)',
    );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** The sum of every series of `name` whose labels include `labels`, from a scrape's text. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((pair) => [pair[1], pair[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => got[key] === value)) sum += Number(match[3]);
  }
  return sum;
}

async function scrape(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

const listen = (server: Server, port: number) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

function fakeMessaging(): MessagingProvider {
  return {
    kind: 'simulator',
    async createQr(input: CreateQrInput) {
      return { url: `${input.origin}/wx-sim?scene=${input.scene}`, expiresIn: input.ttlSeconds };
    },
    async webhookToken() {
      return 'test-token';
    },
  };
}

describe('metrics on their own port, after real requests', { timeout: 30_000 }, () => {
  let db: Database;
  let h: ReturnType<typeof harness>;
  let publicServer: Server;
  let metricsServer: Server;
  const fast = { count: 0 };
  const sms = { fail: false };

  beforeAll(async () => {
    db = await openPGlite();
    await migrate(db);
    // A gateway that keeps what it sent (the harness reads codes from its outbox) and fails when told.
    const inner = createSmsSink({ now: () => new Date(), log: () => {} });
    const provider: SmsProvider = {
      kind: 'http',
      async send(message) {
        if (sms.fail) throw new Error('gateway down');
        await inner.send(message);
      },
      outbox: inner.outbox,
    };
    h = harness(db, {
      production: true,
      sms: provider,
      messaging: fakeMessaging(),
      env: { TRUST_PROXY: 'loopback' },
      renderer: {
        // A page route that exists answers 200; anything else the router's 404 page.
        renderPage: async (request) => {
          const path = new URL(request.url).pathname;
          const known = path === '/' || path === '/en' || path.startsWith('/en/business-college/');
          return new Response(`<!doctype html><title>${path}</title>`, { status: known ? 200 : 404 });
        },
      },
    });
    const hono = getRequestListener(h.app.fetch);
    // As server/main.ts: the fast paths (page cache, QR poll from memory) first, then the app.
    publicServer = createServer((req: IncomingMessage, res: ServerResponse) => {
      if (h.app.serveNode(req, res)) fast.count++;
      else hono(req, res);
    });
    await listen(publicServer, PUBLIC_PORT);
    const health = healthApi(db);
    watchReadiness(async () => (await health.request('/ready')).status === 200);
    metricsServer = await startMetricsServer({ port: METRICS_PORT, host: '127.0.0.1' });
  }, 60_000);

  afterAll(async () => {
    publicServer?.close();
    metricsServer?.close();
    await db?.close();
  });

  const get = (path: string, from = '198.51.100.7', headers: Record<string, string> = {}) =>
    fetch(`${PUBLIC}${path}`, { headers: { 'user-agent': UA, 'x-forwarded-for': from, ...headers } });
  const post = (path: string, body: unknown, from = '198.51.100.7') =>
    fetch(`${PUBLIC}${path}`, {
      method: 'POST',
      headers: { 'user-agent': UA, 'x-forwarded-for': from, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('is not served on the public port: /metrics there is the 404 page', async () => {
    const res = await get('/metrics');
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('portal_http_request_duration_seconds');
    // And the metrics port serves nothing but /metrics.
    const other = await fetch(`http://127.0.0.1:${METRICS_PORT}/`);
    expect(other.status).toBe(404);
  });

  it('counts a failed login, under the login route and status class 4xx, and logs it without the phone', async () => {
    const before = await scrape();
    const capture = captureLog();
    try {
      const res = await post('/api/v2/web/userlogin', {
        phone: '13800138000',
        countryCode: 1,
        password: 'not the password',
      });
      expect(res.status).toBe(400);
    } finally {
      capture.restore();
    }
    const after = await scrape();
    const failed = { method: 'password', outcome: 'failed' };
    expect(sample(after, 'portal_logins_total', failed) - sample(before, 'portal_logins_total', failed)).toBe(1);
    const series = { route: '/api/v2/web/userlogin', method: 'POST', status_class: '4xx' };
    const count = 'portal_http_request_duration_seconds_count';
    expect(sample(after, count, series) - sample(before, count, series)).toBe(1);
    const line = capture.lines.find((entry) => entry.msg === 'request');
    expect(line).toMatchObject({ path: '/api/v2/web/userlogin', status: 400, ip: '198.51.100.7', ua: UA });
    expect(line).not.toHaveProperty('userId');
    expect(JSON.stringify(capture.lines)).not.toContain('13800138000');
  });

  it('counts a login that succeeds and logs the user id, never the token', async () => {
    const user = await h.register('13800138001');
    const before = await scrape();
    const capture = captureLog();
    let token = '';
    try {
      const res = await post('/api/v2/web/userlogin', { phone: '13800138001', countryCode: 1, password: PASSWORD });
      expect(res.status).toBe(200);
      token = ((await res.json()) as { data: { Authorization: string } }).data.Authorization;
      const info = await fetch(`${PUBLIC}/api/v2/dm_user_base_info`, {
        headers: { 'x-auth-token': token, 'user-agent': UA, 'x-forwarded-for': '198.51.100.8' },
      });
      expect(info.status).toBeLessThan(500);
    } finally {
      capture.restore();
    }
    const after = await scrape();
    const ok = { method: 'password', outcome: 'succeeded' };
    expect(sample(after, 'portal_logins_total', ok) - sample(before, 'portal_logins_total', ok)).toBe(1);
    const lines = capture.lines.filter((entry) => entry.msg === 'request');
    expect(lines[0]).toMatchObject({ path: '/api/v2/web/userlogin', userId: user.userId, ip: '198.51.100.7' });
    expect(token).toMatch(/^[\w-]{20,}$/);
    expect(JSON.stringify(capture.lines)).not.toContain(token);
    expect(JSON.stringify(capture.lines)).not.toContain('13800138001');
  });

  it('counts QR codes created, polls under their route on both paths, scans and logins', async () => {
    const before = await scrape();
    const created = await post('/api/v2/wx/create_login_qrcode', {}, '198.51.100.30');
    expect(created.status).toBe(200);
    const { ticket, qrUrl } = ((await created.json()) as { data: { ticket: string; qrUrl: string } }).data;
    const fastBefore = fast.count;
    const poll3 = async (level: string) => {
      const capture = captureLog(level);
      try {
        for (let i = 0; i < 3; i++) {
          const poll = await get(`/api/v2/wx/get_qr_status?ticket=${ticket}`, '198.51.100.30');
          expect(poll.status).toBe(200);
        }
      } finally {
        capture.restore();
      }
      expect(JSON.stringify(capture.lines)).not.toContain(ticket);
      return capture.lines.filter((entry) => entry.path === '/api/v2/wx/get_qr_status');
    };
    // Answered polls are routine: no line at info, a complete line each at debug (on both paths).
    expect(await poll3('info')).toEqual([]);
    const pollLines = await poll3('debug');
    // Memory answered at least one of them in front of the app, and its request line is as complete.
    expect(fast.count).toBeGreaterThan(fastBefore);
    expect(pollLines).toHaveLength(3);
    for (const line of pollLines)
      expect(line).toMatchObject({ ip: '198.51.100.30', ua: UA, status: 200, levelName: 'debug' });
    // A new identity scans it, then binds an account on the computer: a QR login.
    const user = await h.register('13800138003');
    const scene = new URL(qrUrl).searchParams.get('scene') as string;
    const scanned = await handleScan(db, { tenantId: 14, openId: 'open-id-1', scene, subscribed: false, now: h.now() });
    expect(scanned.kind).toBe('unbound');
    const bind = await post(
      '/api/v2/wx/userlogin',
      { ticket, action: 'bind', phone: '13800138003', countryCode: 1, code: await h.code('13800138003', 'login') },
      '198.51.100.30',
    );
    expect(bind.status).toBe(200);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta('portal_qr_codes_total', { event: 'created' })).toBe(1);
    expect(delta('portal_qr_codes_total', { event: 'scanned' })).toBe(1);
    expect(delta('portal_qr_codes_total', { event: 'logged_in' })).toBe(1);
    expect(user.userId).toBeGreaterThan(0);
    expect(
      delta('portal_http_request_duration_seconds_count', {
        route: '/api/v2/wx/get_qr_status',
        method: 'GET',
        status_class: '2xx',
      }),
    ).toBe(6);
    // No series for the raw path with its ticket.
    expect(after).not.toContain(ticket);
  });

  it('counts a 404 page under its route template and status class 4xx, also when the page cache answers', async () => {
    const before = await scrape();
    const capture = captureLog();
    const fastBefore = fast.count;
    try {
      for (const path of ['/no-such-page/12345', '/no-such-page/12345', '/en/business-college/operate/77']) {
        const res = await get(path);
        expect(res.status).toBe(path.startsWith('/en/') ? 200 : 404);
      }
    } finally {
      capture.restore();
    }
    expect(fast.count).toBe(fastBefore + 1);
    const after = await scrape();
    const count = 'portal_http_request_duration_seconds_count';
    const notFound = { route: '/*', method: 'GET', status_class: '4xx' };
    expect(sample(after, count, notFound) - sample(before, count, notFound)).toBe(2);
    const section = { route: '/{-$locale}/business-college/$section/{-$id}', status_class: '2xx' };
    expect(sample(after, count, section) - sample(before, count, section)).toBe(1);
    expect(after).not.toContain('12345');
    // The cached page's line (written by the fast path) carries the address and the user agent too.
    const lines = capture.lines.filter((entry) => entry.path === '/no-such-page/12345');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).toMatchObject({ ip: '198.51.100.7', ua: UA, route: '/*', status: 404 });
  });

  it('counts rate-limit refusals by limit, from the database and from memory', async () => {
    const before = await scrape();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await post('/api/v2/wx/create_login_qrcode', {}, '198.51.100.99')).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const after = await scrape();
    const limit = { limit: 'qrCodesPerIp' };
    expect(
      sample(after, 'portal_rate_limit_refusals_total', limit) -
        sample(before, 'portal_rate_limit_refusals_total', limit),
    ).toBe(2);
    expect(sample(after, 'portal_rate_limit_refusals_total', { limit: 'smsPerPhone' })).toBe(0);
    expect(after).toMatch(/^portal_rate_limit_refusals_total\{limit="loginBackoff"\} 0$/m);
    const tooMany = { route: '/api/v2/wx/create_login_qrcode', status_class: '4xx' };
    const count = 'portal_http_request_duration_seconds_count';
    expect(sample(after, count, tooMany) - sample(before, count, tooMany)).toBe(2);
  });

  it('counts SMS sent and failed by provider', async () => {
    const before = await scrape();
    expect((await h.sendCode('13800138002', 'register')).status).toBe(200);
    sms.fail = true;
    try {
      h.advance(61);
      expect((await h.sendCode('13800138002', 'register')).status).toBeGreaterThanOrEqual(500);
    } finally {
      sms.fail = false;
    }
    const after = await scrape();
    for (const outcome of ['sent', 'failed'])
      expect(
        sample(after, 'portal_sms_messages_total', { outcome, provider: 'http' }) -
          sample(before, 'portal_sms_messages_total', { outcome, provider: 'http' }),
      ).toBe(1);
  });

  it('reports readiness, query errors and process metrics', async () => {
    const before = await scrape();
    expect(sample(before, 'portal_ready')).toBe(1);
    await expect(db.query('select * from no_such_table')).rejects.toThrow();
    const after = await scrape();
    expect(
      sample(after, 'portal_db_query_errors_total', { kind: 'query' }) -
        sample(before, 'portal_db_query_errors_total', { kind: 'query' }),
    ).toBe(1);
    expect(sample(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(after).toContain('nodejs_eventloop_lag_seconds');
    // A database that fails its check: the next scrape says not ready.
    const broken = healthApi({ ...db, query: async () => Promise.reject(new Error('down')) } as Database);
    watchReadiness(async () => (await broken.request('/ready')).status === 200);
    try {
      expect(sample(await scrape(), 'portal_ready')).toBe(0);
    } finally {
      const health = healthApi(db);
      watchReadiness(async () => (await health.request('/ready')).status === 200);
    }
  });

  it('passes promtool check metrics on a scrape, and the dashboard and alert rules name only metrics it has', async () => {
    const text = await scrape();
    const checked = promtool(['check', 'metrics'], text);
    expect(checked.status, checked.output).toBe(0);
    expect(checked.output.trim()).toBe('');
    // Every metric name a scrape of this process has (histograms by their _bucket, _sum and _count series).
    const names = new Set(
      text
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))
        .map((line) => /^[a-zA-Z_:][\w:]*/.exec(line)?.[0]),
    );
    const dashboard = JSON.parse(read('deploy/grafana/portal-dashboard.json')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    const rules = parse(read('deploy/prometheus/portal.rules.yml')) as { groups: { rules: { expr: string }[] }[] };
    const expressions = [
      ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)),
      ...rules.groups.flatMap((group) => group.rules.map((rule) => rule.expr)),
    ];
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(10);
    const used = new Set(expressions.flatMap((expr) => expr.match(/\b(?:portal|process|nodejs)_\w+/g) ?? []));
    expect(used.size).toBeGreaterThan(10);
    // `up` is Prometheus's own series for each target; every other name must be one this server serves.
    expect([...used].filter((name) => !names.has(name))).toEqual([]);
    for (const name of ['portal_logins_total', 'portal_sms_messages_total', 'portal_ready', 'portal_qr_codes_total'])
      expect(used).toContain(name);
  });

  it('reports the connection pool the database gives', async () => {
    watchPool(() => ({ total: 3, idle: 2, waiting: 0, max: 10 }));
    try {
      const text = await scrape();
      expect(sample(text, 'portal_db_pool_connections_open')).toBe(3);
      expect(sample(text, 'portal_db_pool_connections_idle')).toBe(2);
      expect(sample(text, 'portal_db_pool_connections_max')).toBe(10);
    } finally {
      watchPool(() => undefined);
    }
  });
});

describe('the request histogram', () => {
  it('keeps one series per route, method and status class, with cumulative buckets', async () => {
    observeRequest('/test/histogram/:id', 'GET', 200, 0.003);
    observeRequest('/test/histogram/:id', 'GET', 204, 20);
    observeRequest('/test/histogram/:id', 'BREW', 418, 0.0001);
    const text = await registry.metrics();
    const lines = text.split('\n').filter((line) => line.includes('route="/test/histogram/:id"'));
    const get = (suffix: string, labels: string) =>
      lines.filter((line) => line.startsWith(`portal_http_request_duration_seconds_${suffix}{${labels}`));
    expect(get('count', 'route="/test/histogram/:id",method="GET",status_class="2xx"}')).toEqual([
      'portal_http_request_duration_seconds_count{route="/test/histogram/:id",method="GET",status_class="2xx"} 2',
    ]);
    expect(get('sum', 'route="/test/histogram/:id",method="GET"')[0]).toMatch(/ 20\.003$/);
    const buckets = get('bucket', 'le="').filter((line) => line.includes('method="GET"'));
    expect(buckets.map((line) => line.replace(/^.*le="([^"]+)".* (\d+)$/, '$1=$2'))).toEqual([
      '0.0005=0',
      '0.001=0',
      '0.0025=0',
      '0.005=1',
      '0.01=1',
      '0.025=1',
      '0.05=1',
      '0.1=1',
      '0.25=1',
      '0.5=1',
      '1=1',
      '2.5=1',
      '5=1',
      '10=1',
      '+Inf=2',
    ]);
    // An unknown method is "other": a client cannot add series by inventing methods.
    expect(get('count', 'route="/test/histogram/:id",method="other",status_class="4xx"}')).toHaveLength(1);
  });
});

describe('route templates of the catch-all handlers', () => {
  it('names page routes, files and unknown paths without their ids', () => {
    expect(catchAllTemplate('/')).toBe('/{-$locale}');
    expect(catchAllTemplate('/en')).toBe('/{-$locale}');
    expect(catchAllTemplate('/en/login')).toBe('/{-$locale}/login');
    expect(catchAllTemplate('/business-college')).toBe('/{-$locale}/business-college');
    expect(catchAllTemplate('/business-college/operate/12')).toBe('/{-$locale}/business-college/$section/{-$id}');
    expect(catchAllTemplate('/article/report/3')).toBe('/{-$locale}/article/$kind/{-$id}');
    expect(catchAllTemplate('/electricity-detail/9')).toBe('/{-$locale}/electricity-detail/{-$id}');
    expect(catchAllTemplate('/images/logo.png')).toBe('/*.*');
    expect(catchAllTemplate('/constructor')).toBe('/*');
    expect(catchAllTemplate('/13800138000')).toBe('/*');
  });
});

describe('migrations at start', { timeout: 60_000 }, () => {
  it('logs each migration applied with its name and duration, and nothing on a start with nothing to apply', async () => {
    const db = await openPGlite();
    const capture = captureLog();
    try {
      await migrate(db);
      const applied = capture.lines.filter((line) => line.migration !== undefined);
      const expected = readMigrations();
      expect(applied.map((line) => line.migration)).toEqual(expected.map((migration) => migration.name));
      for (const line of applied) {
        expect(typeof line.ms).toBe('number');
        expect(String(line.msg)).toMatch(/^\[db\] migration \d{3}_[\w-]+ applied in [\d.]+ ms$/);
      }
      capture.lines.length = 0;
      await migrate(db);
      expect(capture.lines.filter((line) => line.migration !== undefined)).toHaveLength(0);
    } finally {
      capture.restore();
      await db.close();
    }
  });
});

describe('deploy/prometheus: the scrape configuration and the alert rules', () => {
  it("pass promtool check config, check rules and the rules' unit tests", () => {
    const config = promtool(['check', 'config', 'deploy/prometheus/prometheus.yml']);
    expect(config.status, config.output).toBe(0);
    const rules = promtool(['check', 'rules', 'deploy/prometheus/portal.rules.yml']);
    expect(rules.status, rules.output).toBe(0);
    expect(rules.output).toContain('SUCCESS: 11 rules found');
    const tests = promtool(['test', 'rules', 'deploy/prometheus/portal.rules.test.yml']);
    expect(tests.status, tests.output).toBe(0);
    expect(tests.output).toContain('SUCCESS');
  });

  it('alerts on instance down, 5xx ratio, readiness, p99 latency, SMS failures and budgets, a login failure spike, repeated lock-outs and webhooks', () => {
    const rules = parse(read('deploy/prometheus/portal.rules.yml')) as { groups: { rules: { alert: string }[] }[] };
    expect(rules.groups.flatMap((group) => group.rules.map((rule) => rule.alert)).sort()).toEqual([
      'PortalAccountLockedRepeatedly',
      'PortalHigh5xxRatio',
      'PortalHighP99Latency',
      'PortalInstanceDown',
      'PortalLoginFailureSpike',
      'PortalNotReady',
      'PortalSmsBudgetNearlySpent',
      'PortalSmsBudgetSpent',
      'PortalSmsFailureRatio',
      'PortalWebhookDeliveryFailed',
      'PortalWebhookOutboxBacklog',
    ]);
  });
});
