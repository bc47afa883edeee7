/**
 * `npm run bench:load` (also the last part of `npm run bench`): a mixed workload with autocannon on loopback,
 * against one server process on PGlite and against the two-process cluster (a private PostgreSQL, two servers,
 * the round-robin nginx of scripts/cluster/), and a table per target: requests, 2xx, 429 (counted apart),
 * other 4xx, 5xx, errors/timeouts and latency per part of the mix, with the verdict "0 errors, 0 5xx, page p99
 * ≤ 50 ms". A measurement, not a test: it exits 0.
 *
 * The mix (LOAD_CONNECTIONS connections in all, default 200, for LOAD_SECONDS, default 60; shares below):
 * - cached pages (40%): /, /en, /login, /en/login (the server's page cache);
 * - college pages (20%): the college index and an article, both languages;
 * - QR polls (15%): polls of 20 open tickets, each request from its own client address (X-Forwarded-For, which
 *   the servers trust from loopback like the nginx in front), as many visitors' pages would;
 * - QR codes created (5%): from their own addresses too (each draws a QR picture);
 * - wrong-password logins (10%): four phone numbers from one address, which soon hit the per-account back-off and
 *   the address's failed-login limit (429 from then on);
 * - SMS sends (10%): from one address that used up its SMS limit beforehand: all 429.
 * Every request has a 10 s timeout. By default each connection sends its next request as soon as the previous
 * one is answered (a closed loop: the latency is then mostly queueing at saturation); LOAD_RATE=N makes it an open
 * loop instead, like visitors rather than a flood: each connection sends N requests a second on average at random
 * moments, and a request's latency counts from its planned moment (`runPacedPart`), after 5 s of warm-up. LOAD_TARGETS=pglite or cluster runs
 * one of the two targets. Servers write their log to e2e/artifacts/cluster-load-*.log. Ports: 5230-5237
 * (LOAD_PORT and the next seven).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildIfStale } from '../../e2e/support/portal-server';
import { call, captchaTicket, clientIp, sendSms, uniquePhone } from '../cluster/client';
import { type Nginx, startNginx } from '../cluster/nginx';
import { startPrivatePostgres } from '../cluster/postgres';
import { CLUSTER_DIST, type ServerProcess, startServer } from '../cluster/server';
import { percentile } from './load';

const PORT = Number(process.env.LOAD_PORT ?? 5230);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
/** Requests per second of each connection (LOAD_RATE); unset: each connection sends its next request at once. */
const RATE = process.env.LOAD_RATE ? Number(process.env.LOAD_RATE) : undefined;
/** With LOAD_RATE: seconds of the same load sent before the measured SECONDS and not counted. */
const PACED_WARM_UP_SECONDS = 5;
/** Which targets to run (LOAD_TARGETS, comma-separated): `pglite` and `cluster`, both by default. */
const TARGETS = new Set((process.env.LOAD_TARGETS ?? 'pglite,cluster').split(',').map((target) => target.trim()));
export const PAGE_P99_BUDGET_MS = 50;

interface Part {
  name: string;
  share: number;
  page?: boolean;
  requests: autocannon.Request[];
}

interface PartResult {
  name: string;
  page: boolean;
  connections: number;
  requests: number;
  ok: number;
  limited: number;
  other4xx: number;
  server5xx: number;
  errors: number;
  timeouts: number;
  p50: number;
  p99: number;
  max: number;
}

const pageHeaders = { cookie: 'i18n_redirected=zh', 'accept-encoding': 'br, gzip', 'accept-language': 'zh-CN' };
const jsonHeaders = { 'content-type': 'application/json', 'accept-language': 'zh-CN' };
let addressCounter = 0;
const freshAddress = () => clientIp(++addressCounter, 100);

/** What the mix needs on the target: open QR tickets, an article id, an address whose SMS limit is used up. */
async function prepare(base: string, servers: ServerProcess[]): Promise<Part[]> {
  const tickets: string[] = [];
  for (let i = 0; i < 20; i++) {
    const answer = await call<{ ticket: string }>(base, '/v2/wx/create_login_qrcode', {
      body: {},
      ip: clientIp(i + 1, 11),
    });
    if (answer.status !== 200) throw new Error(`QR create for the bench: ${answer.status}`);
    tickets.push(answer.body.data!.ticket);
  }
  const list = await call<{ items: { id: number; section: string }[] }>(base, '/v2/college/articles?lang=zh', {
    method: 'GET',
  });
  const article = list.body.data?.items[0];
  if (!article) throw new Error('No college article to load');
  const smsIp = '192.0.2.77';
  for (let i = 0; i < 20; i++) {
    const ticket = await captchaTicket(base, clientIp(i + 1, 12));
    await sendSms(base, uniquePhone(), 'register', ticket, smsIp);
  }
  const check = await sendSms(base, uniquePhone(), 'register', 'x'.repeat(43), smsIp);
  if (check.status !== 429) throw new Error(`The SMS address should be at its limit, got ${check.status}`);
  void servers;
  let poll = 0;
  let login = 0;
  // Four accounts tried from one address: each account's back-off (after its 5th failure) and the address's
  // failed-login limit answer 429 from then on, as for someone guessing passwords.
  const loginPhones = Array.from({ length: 4 }, () => uniquePhone('136'));
  return [
    {
      name: 'cached pages',
      share: 0.4,
      page: true,
      requests: ['/', '/en', '/login', '/en/login'].map((path) => ({ method: 'GET', path, headers: pageHeaders })),
    },
    {
      name: 'college pages',
      share: 0.2,
      page: true,
      requests: [
        '/business-college',
        `/business-college/${article.section}/${article.id}`,
        '/en/business-college',
        `/en/business-college/${article.section}/${article.id}`,
      ].map((path) => ({ method: 'GET', path, headers: pageHeaders })),
    },
    {
      name: 'QR polls',
      share: 0.15,
      requests: [
        {
          method: 'GET',
          path: '/',
          setupRequest: (request) => ({
            ...request,
            path: `/api/v2/wx/get_qr_status?ticket=${tickets[poll++ % tickets.length]}`,
            headers: { ...jsonHeaders, 'x-forwarded-for': freshAddress() },
          }),
        },
      ],
    },
    {
      name: 'QR codes created',
      share: 0.05,
      requests: [
        {
          method: 'POST',
          path: '/api/v2/wx/create_login_qrcode',
          body: '{}',
          setupRequest: (request) => ({ ...request, headers: { ...jsonHeaders, 'x-forwarded-for': freshAddress() } }),
        },
      ],
    },
    {
      name: 'wrong-password logins',
      share: 0.1,
      requests: [
        {
          method: 'POST',
          path: '/api/v2/web/userlogin',
          headers: { ...jsonHeaders, 'x-forwarded-for': '192.0.2.88' },
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              phone: loginPhones[login++ % loginPhones.length],
              countryCode: 1,
              password: 'wrong password 1',
            }),
          }),
        },
      ],
    },
    {
      name: 'SMS sends (at the limit)',
      share: 0.1,
      requests: [
        {
          method: 'POST',
          path: '/api/v2/sendSmsCode',
          headers: { ...jsonHeaders, 'x-forwarded-for': smsIp },
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              phone: uniquePhone('135'),
              countryCode: 1,
              purpose: 'register',
              ticket: randomBytes(32).toString('base64url'),
            }),
          }),
        },
      ],
    },
  ];
}

function runPart(base: string, part: Part, connections: number): Promise<PartResult> {
  return RATE ? runPacedPart(base, part, connections, RATE) : runClosedPart(base, part, connections);
}

/**
 * LOAD_RATE: an open loop, as visitors rather than a flood. Each of `connections` keep-alive connections sends
 * requests at random moments (exponential gaps, `rate` a second on average, so the connections do not fire in
 * step), each at its planned moment whatever the answers before it: a request waiting behind a slow one on its
 * connection counts that wait, from its planned moment, so a stalled server is not hidden (coordinated omission).
 */
async function runPacedPart(base: string, part: Part, connections: number, rate: number): Promise<PartResult> {
  const url = new URL(base);
  const latencies: number[] = [];
  const result = { ok: 0, limited: 0, other4xx: 0, server5xx: 0, errors: 0, timeouts: 0 };
  // The first seconds (connections opening, a cold JIT, pages entering the cache) are sent but not counted.
  const measureFrom = performance.now() + PACED_WARM_UP_SECONDS * 1000;
  const until = measureFrom + SECONDS * 1000;
  let next = 0;
  const send = (agent: Agent, planned: number) =>
    new Promise<void>((resolve) => {
      const template = part.requests[next++ % part.requests.length];
      const request = (
        template.setupRequest ? template.setupRequest({ ...template }, {}) : template
      ) as autocannon.Request;
      const body = typeof request.body === 'string' ? request.body : undefined;
      const outgoing = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: request.method ?? 'GET',
          path: request.path ?? '/',
          headers: { ...(request.headers ?? {}), ...(body ? { 'content-length': Buffer.byteLength(body) } : {}) },
          agent,
          timeout: 10_000,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (planned < measureFrom) return resolve();
            latencies.push(performance.now() - planned);
            const status = response.statusCode ?? 0;
            if (status === 429) result.limited++;
            else if (status >= 500) result.server5xx++;
            else if (status >= 400) result.other4xx++;
            else result.ok++;
            resolve();
          });
        },
      );
      outgoing.on('timeout', () => {
        if (planned >= measureFrom) result.timeouts++;
        outgoing.destroy(new Error('timeout'));
      });
      outgoing.on('error', () => {
        if (planned >= measureFrom) result.errors++;
        resolve();
      });
      outgoing.end(body);
    });
  const connection = async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const pending: Promise<void>[] = [];
    let planned = performance.now() + Math.random() * (1000 / rate);
    while (planned < until) {
      const wait = planned - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(send(agent, planned));
      planned += -Math.log(1 - Math.random()) * (1000 / rate);
    }
    await Promise.all(pending);
    agent.destroy();
  };
  await Promise.all(Array.from({ length: connections }, connection));
  const sorted = latencies.sort((a, b) => a - b);
  const ms = (value: number) => Math.round(value);
  return {
    name: part.name,
    page: Boolean(part.page),
    connections,
    requests: latencies.length + result.errors,
    ...result,
    p50: ms(percentile(sorted, 50)),
    p99: ms(percentile(sorted, 99)),
    max: ms(sorted.at(-1) ?? Number.NaN),
  };
}

function runClosedPart(base: string, part: Part, connections: number): Promise<PartResult> {
  return new Promise((resolve, reject) => {
    const options: autocannon.Options = {
      url: base,
      connections,
      duration: SECONDS,
      timeout: 10,
      requests: part.requests,
    };
    autocannon(options, (error, result) => {
      if (error) return reject(error);
      const stats = (result.statusCodeStats ?? {}) as Record<string, { count: number }>;
      const limited = stats['429']?.count ?? 0;
      resolve({
        name: part.name,
        page: Boolean(part.page),
        connections,
        requests: result.requests.total,
        ok: result['2xx'],
        limited,
        other4xx: result['4xx'] - limited,
        server5xx: result['5xx'],
        // autocannon counts a timeout as an error too.
        errors: result.errors,
        timeouts: result.timeouts,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
      });
    });
  });
}

async function runMix(label: string, base: string, servers: ServerProcess[]) {
  const parts = await prepare(base, servers);
  const results = await Promise.all(
    parts.map((part) => runPart(base, part, Math.max(1, Math.round(CONNECTIONS * part.share)))),
  );
  const headers = ['part', 'conns', 'requests', '2xx', '429', 'other 4xx', '5xx', 'errors', 'p50', 'p99', 'max'];
  const rows = results.map((r) => [
    r.name,
    String(r.connections),
    String(r.requests),
    String(r.ok),
    String(r.limited),
    String(r.other4xx),
    String(r.server5xx),
    r.timeouts ? `${r.errors} (${r.timeouts} timeouts)` : String(r.errors),
    `${r.p50} ms`,
    `${r.p99} ms`,
    `${r.max} ms`,
  ]);
  const sum = (key: keyof PartResult) => results.reduce((total, r) => total + Number(r[key]), 0);
  rows.push([
    'all',
    String(sum('connections')),
    String(sum('requests')),
    String(sum('ok')),
    String(sum('limited')),
    String(sum('other4xx')),
    String(sum('server5xx')),
    String(sum('errors')),
    '',
    '',
    '',
  ]);
  const pageP99 = Math.max(...results.filter((r) => r.page).map((r) => r.p99));
  const verdict = sum('errors') === 0 && sum('server5xx') === 0 && pageP99 <= PAGE_P99_BUDGET_MS ? 'ok' : 'OVER BUDGET';
  const pace = RATE
    ? `, each sending ${RATE} requests a second at random moments (open loop, ${RATE * CONNECTIONS} a second in all)`
    : ', each sending its next request at once';
  console.log(`\n${label}: ${sum('connections')} connections for ${SECONDS} s on loopback${pace}\n`);
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  console.log(
    `\n${verdict}: ${sum('errors')} errors, ${sum('server5xx')} 5xx (${sum('limited')} 429s apart), page p99 ${pageP99} ms (budget ≤ ${PAGE_P99_BUDGET_MS} ms)`,
  );
}

const folders: string[] = [];
const temp = () => {
  const folder = mkdtempSync(join(tmpdir(), 'portal-load-'));
  folders.push(folder);
  return folder;
};
const env = { TRUST_PROXY: 'loopback' };

await buildIfStale(CLUSTER_DIST);
const running: ServerProcess[] = [];
let nginx: Nginx | undefined;
let postgres: ReturnType<typeof startPrivatePostgres> | undefined;
try {
  if (TARGETS.has('pglite')) {
    const single = await startServer({
      name: 'load-pglite',
      port: PORT,
      brand2Port: PORT + 1,
      dataDir: temp(),
      env,
      fileOnly: true,
      waitFor: '/api/ready',
    });
    running.push(single);
    await runMix('One process on PGlite', single.baseUrl, [single]);
    await single.stop();
  }

  if (TARGETS.has('cluster')) {
    postgres = startPrivatePostgres(PORT + 7);
    const url = await postgres.createDatabase(`load_${Date.now()}`);
    const [a, b] = await Promise.all([
      startServer({
        name: 'load-a',
        port: PORT + 2,
        brand2Port: PORT + 3,
        databaseUrl: url,
        dataDir: temp(),
        env,
        fileOnly: true,
      }),
      startServer({
        name: 'load-b',
        port: PORT + 4,
        brand2Port: PORT + 5,
        databaseUrl: url,
        dataDir: temp(),
        env,
        fileOnly: true,
      }),
    ]);
    running.push(a, b);
    nginx = await startNginx([{ listen: PORT + 6, upstreams: [PORT + 2, PORT + 4] }]);
    await runMix('Two processes on PostgreSQL behind nginx (round robin)', `http://127.0.0.1:${PORT + 6}`, [a, b]);
  }
} catch (error) {
  console.error('The load benchmark could not finish:', error instanceof Error ? error.message : error);
} finally {
  await nginx?.stop();
  await Promise.all(running.map((server) => server.stop()));
  postgres?.remove();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
}
process.exit(0);
