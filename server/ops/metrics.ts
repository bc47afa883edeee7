/**
 * The server's Prometheus metrics (prom-client), served at `/metrics` on a port of their own (METRICS_PORT), one
 * registry per process (docs/decisions/031-metrics-and-operator-logs.md). The counters are cheap plain functions,
 * always on. Labels are bounded sets: a request is labelled by its route template, never its raw path.
 */

import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { WEBHOOK_EVENTS } from '../../shared/contract/console';
import { COUNTRY_TABLE } from '../../shared/countries';
import { firstSegment, PAGE_BY_SEGMENT } from '../../shared/routes';

export const registry = new Registry();

const PREFIX = 'portal_';

const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const STATUS_CLASSES = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

const requestDuration = new Histogram({
  name: `${PREFIX}http_request_duration_seconds`,
  help: 'Time from receiving a request to writing its answer, by route template, method and status class.',
  labelNames: ['route', 'method', 'status_class'] as const,
  buckets: REQUEST_BUCKETS,
  registers: [registry],
});
type RequestChild = ReturnType<typeof requestDuration.labels>;
/** The label children, cached: a request costs a Map look-up, not a labels object. */
const requestChildren = new Map<string, RequestChild>();

/** Counts one answered request and its duration (every request line of server/ops/log.ts comes through here). */
export function observeRequest(route: string, method: string, status: number, seconds: number): void {
  // An unknown method is "other": a client cannot add series (or entries here) by inventing methods.
  const methodLabel = KNOWN_METHODS.has(method) ? method : 'other';
  const statusClass = STATUS_CLASSES[Math.floor(status / 100)] ?? '5xx';
  const key = `${route}\u0000${methodLabel}\u0000${statusClass}`;
  let child = requestChildren.get(key);
  if (!child) {
    child = requestDuration.labels({ route, method: methodLabel, status_class: statusClass });
    requestChildren.set(key, child);
  }
  child.observe(seconds);
}

/** The route template of a catch-all path: its page route, `/*.*` for a file name, else `/*` (the 404 page). */
export function catchAllTemplate(path: string): string {
  const bare = path === '/en' ? '/' : path.startsWith('/en/') ? path.slice(3) : path;
  const page = PAGE_BY_SEGMENT.get(firstSegment(bare));
  const slash = bare.indexOf('/', 1);
  const more = slash >= 0 && slash < bare.length - 1;
  // A page with parameters has one template for all its paths; one without them, a template for what lies below.
  const template = page && (more ? (page.deeper ?? (page.path.includes('$') ? page.path : undefined)) : page.path);
  if (template) return `/{-$locale}${template === '/' ? '' : template}`;
  return /\.[A-Za-z0-9]+$/.test(bare) ? '/*.*' : '/*';
}

/** A counter of this registry, with the label sets that exist from the start at 0 (so rates are defined). */
function counter<L extends string>(name: string, help: string, labelNames: readonly L[], zeros: Record<L, string>[]) {
  const metric = new Counter({ name: `${PREFIX}${name}`, help, labelNames, registers: [registry] });
  for (const labels of zeros) metric.inc(labels, 0);
  return metric;
}

const dbQueryErrors = counter(
  'db_query_errors_total',
  'Database statements that failed: "unavailable" (database unreachable, timeout) or "query" (any other error).',
  ['kind'],
  [{ kind: 'unavailable' }, { kind: 'query' }],
);
export function countQueryError(kind: 'unavailable' | 'query'): void {
  dbQueryErrors.inc({ kind });
}

/** PostgreSQL's connection pool, read at each scrape (PGlite has none). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}
let poolStats: (() => PoolStats | undefined) | null = null;
export function watchPool(read: () => PoolStats | undefined): void {
  poolStats = read;
}
for (const [field, help] of [
  ['open', 'Connections the pool holds open.'],
  ['idle', 'Open connections not in use.'],
  ['waiting', 'Requests waiting for a free connection.'],
  ['max', 'The most connections the pool may open (DATABASE_POOL_SIZE).'],
] as const) {
  new Gauge({
    name: `${PREFIX}db_pool_connections_${field}`,
    help: `${help} Absent with the embedded database.`,
    registers: [registry],
    collect() {
      const stats = poolStats?.();
      if (stats) this.set(field === 'open' ? stats.total : stats[field]);
    },
  });
}

const ready = new Gauge({
  name: `${PREFIX}ready`,
  help: '1 when /api/ready answers 200 (database answers, migrations applied), else 0. Read at each scrape.',
  registers: [registry],
});
let readiness: (() => Promise<boolean>) | null = null;
/** The check behind `portal_ready` (what /api/ready answers), run at each scrape. */
export function watchReadiness(check: () => Promise<boolean>): void {
  readiness = check;
}

const rateLimitRefusals = counter(
  'rate_limit_refusals_total',
  'Requests refused (429) by a rate limit or the login back-off, by limit; a request refused by two limits counts under each.',
  ['limit'],
  [],
);
/** Every limit's series exists from the start at 0, so rates are defined. */
export function declareLimits(names: readonly string[]): void {
  for (const limit of names) rateLimitRefusals.inc({ limit }, 0);
}
/** `limit`: a name of server/limits/rules.ts LIMITS, or `loginBackoff`. */
export function countRefusal(limit: string): void {
  rateLimitRefusals.inc({ limit });
}

const smsMessages = counter(
  'sms_messages_total',
  'SMS codes handed to the SMS provider: outcome "sent" (accepted) or "failed" (the provider refused or failed).',
  ['outcome', 'provider'],
  [],
);
export function countSms(outcome: 'sent' | 'failed', provider: string): void {
  smsMessages.inc({ outcome, provider });
}

const smsBudgetSends = counter(
  'sms_budget_sends_total',
  "SMS codes counted against the SMS budgets (server/accounts/sms.ts), by the phone's country (the English name of shared/countries.ts); sends that deliver nothing are not counted.",
  ['country'],
  COUNTRY_TABLE.map((country) => ({ country: country.name })),
);
const smsBudgetEvents = counter(
  'sms_budget_events_total',
  'Sends that found an SMS budget ("country" or "total") nearly or wholly spent, by country: "stepped_up" (passed the third-party captcha and sent), "paused" (refused 40015: nearly spent and no third-party captcha), "spent" (refused 40015).',
  ['country', 'budget', 'event'],
  COUNTRY_TABLE.flatMap((country) =>
    ['country', 'total'].flatMap((budget) =>
      ['stepped_up', 'paused', 'spent'].map((event) => ({ country: country.name, budget, event })),
    ),
  ),
);
/** An SMS code counted against the budgets of `country` (its English name) and of the site. */
export function countSmsBudgetSend(country: string): void {
  smsBudgetSends.inc({ country });
}
/** A send that found the `budget` of a send to `country` nearly (stepped_up, paused) or wholly (spent) used. */
export function countSmsBudgetEvent(
  country: string,
  budget: 'country' | 'total',
  event: 'stepped_up' | 'paused' | 'spent',
): void {
  smsBudgetEvents.inc({ country, budget, event });
}

const qrCodes = counter(
  'qr_codes_total',
  'Login QR codes by event: "created", "scanned" (a scan of a live code by an identity), "logged_in" (a session handed out through a code).',
  ['event'],
  ['created', 'scanned', 'logged_in'].map((event) => ({ event })),
);
export function countQr(event: 'created' | 'scanned' | 'logged_in'): void {
  qrCodes.inc({ event });
}

const logins = counter(
  'logins_total',
  'Web logins (password or SMS code): "succeeded", or "failed" (wrong credentials, unknown phone, banned account); rate-limit refusals are counted apart.',
  ['method', 'outcome'],
  ['password', 'code'].flatMap((method) => ['succeeded', 'failed'].map((outcome) => ({ method, outcome }))),
);
export function countLogin(method: 'password' | 'code', outcome: 'succeeded' | 'failed'): void {
  logins.inc({ method, outcome });
}

const loginLockouts = counter(
  'login_lockouts_total',
  'Per-account login back-offs (captcha asked from addresses that never signed in): "started" at the 5th consecutive failure of an account, "maxed" when one account\'s streak reaches the longest wait (about 9 failures: locked again and again). Never labelled by account.',
  ['stage'],
  ['started', 'maxed'].map((stage) => ({ stage })),
);
export function countLockout(stage: 'started' | 'maxed'): void {
  loginLockouts.inc({ stage });
}

const accountsBackingOff = new Gauge({
  name: `${PREFIX}login_accounts_backing_off`,
  help: 'Accounts (registered or not) whose login back-off is in force now: addresses that never signed in to them must solve the captcha. Read from the database at each scrape.',
  registers: [registry],
});
let backingOff: (() => Promise<number>) | null = null;
/** The count behind `portal_login_accounts_backing_off`, read at each scrape. */
export function watchBackoffs(count: () => Promise<number>): void {
  backingOff = count;
}

const adConversions = counter(
  'ad_conversions_total',
  'Ad conversions the server reported from its outbox, by click id and outcome: "sent", "retry" (a failure that will be tried again), "given_up" (refused for good or out of attempts), "not_configured".',
  ['param', 'outcome'],
  [],
);
export function countConversion(param: string, outcome: 'sent' | 'retry' | 'given_up' | 'not_configured'): void {
  adConversions.inc({ param, outcome });
}

const webhookDeliveries = counter(
  'webhook_deliveries_total',
  'Outgoing webhook tries from the outbox, by event and outcome: "delivered" (a 2xx), "retry" (no 2xx, tried again after its back-off), "failed" (no 2xx after a day of tries).',
  ['event', 'outcome'],
  WEBHOOK_EVENTS.flatMap((event) => (['delivered', 'retry', 'failed'] as const).map((outcome) => ({ event, outcome }))),
);
export function countWebhookDelivery(event: string, outcome: 'delivered' | 'retry' | 'failed'): void {
  webhookDeliveries.inc({ event, outcome });
}

const webhookOldestPending = new Gauge({
  name: `${PREFIX}webhook_outbox_oldest_pending_seconds`,
  help: 'Age of the oldest webhook delivery not yet delivered nor failed (0 when none). Read from the database at each scrape.',
  registers: [registry],
});
let webhookBacklog: (() => Promise<number>) | null = null;
/** The age behind `portal_webhook_outbox_oldest_pending_seconds`, read at each scrape. */
export function watchWebhookOutbox(age: () => Promise<number>): void {
  webhookBacklog = age;
}

let processMetrics = false;
/** Node's process metrics, started with the first listener. */
function startProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry });
  // Gauges named _total, which `promtool check metrics` refuses; nodejs_active_handles etc. keep the counts.
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
    registry.removeSingleMetric(name);
}

/** The text a scrape reads (readiness is checked first). */
export async function scrape(): Promise<string> {
  if (readiness) ready.set((await readiness().catch(() => false)) ? 1 : 0);
  // A failed count leaves the last one (the database may be away: portal_ready says so).
  if (backingOff)
    await backingOff().then(
      (count) => accountsBackingOff.set(count),
      () => {},
    );
  if (webhookBacklog)
    await webhookBacklog().then(
      (age) => webhookOldestPending.set(age),
      () => {},
    );
  return registry.metrics();
}

/** Serves `GET /metrics` (and nothing else); resolves once listening. */
export async function startMetricsServer(options: { port: number; host: string }): Promise<Server> {
  startProcessMetrics();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        .end('Not found: the metrics are at /metrics\n');
      return;
    }
    scrape().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`metrics failed: ${String(error)}\n`);
      },
    );
  });
  // A scrape is one short request: no connection is kept waiting for a shutdown.
  server.keepAliveTimeout = 1000;
  await once(server.listen(options.port, options.host), 'listening');
  return server;
}
