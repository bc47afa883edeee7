/**
 * `npx tsx scripts/bench/server-speed.ts` (part of `npm run bench`): the server's own speed on loopback, one
 * server process at a time, every run bounded in time.
 *
 * 1. Start-up: from spawning `node scripts/start.mjs` (what `npm start` runs, with a build present) to the first 200
 *    answer to `GET /en`, on PGlite: a first start on an empty data folder and a restart on the same folder.
 * 2. Cached pages: `GET /en` with `Accept-Encoding: br`, autocannon with 50 connections, against this server's
 *    HTML cache, `sirv` (brotli on) and nginx (`brotli_static on`) serving the same bytes from a temporary
 *    folder; the three run one after another for the same duration, taking turns 3 times, and the ratios of the
 *    mean rates are printed.
 * 3. Uncached page renders (a new value of a keyed query parameter per request misses the cache).
 * 4. The hot API calls, on PGlite and (when a server is available) PostgreSQL, with BENCH_UNLIMITED=1 so the
 *    per-IP limits do not refuse a load test from one address: `get_qr_status` polls (autocannon) and password
 *    logins (a closed loop of concurrent clients, so each login's time is known for the p95).
 *
 * Settings: BENCH_SECONDS (each measured run, default 5), BENCH_PORT (the first of 4 ports, default 5132),
 * BENCH_DATABASE_URL (a PostgreSQL server to create a scratch database on; default: scripts/test-postgres.sh;
 * none: the PostgreSQL rows are skipped). A measurement, not a test: it always exits 0.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { buildIfStale, PROJECT_ROOT, TEST_DIST } from '../../e2e/support/portal-server';
import { hashPassword } from '../../server/accounts/passwords';
import { openDatabase } from '../../server/db/open';
import { percentile } from './load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 5132);
const PORTAL_PORT = BASE_PORT;
const PORTAL_PORT_2 = BASE_PORT + 1;
const SIRV_PORT = BASE_PORT + 2;
const NGINX_PORT = BASE_PORT + 3;
const PAGE_CONNECTIONS = 50;
const PAGE_ROUNDS = 3;
const POLL_CONNECTIONS = 50;
const RENDER_CONNECTIONS = 10;
const LOGIN_CLIENTS = 4;
const PASSWORD = 'correct horse battery';
const LOG_DIR = join(PROJECT_ROOT, 'e2e/artifacts');
const COMMAND = 'npx tsx scripts/bench/server-speed.ts';

export const GOALS = {
  startupMs: 1500,
  pageVsSirv: 2,
  pollsPerSecond: 10_000,
  pollP99Ms: 10,
  loginsPerSecondPerCore: 60,
  loginP95Ms: 50,
};

const rows: string[][] = [];
const row = (measure: string, value: string, goal = '-', verdict = '-') => rows.push([measure, value, goal, verdict]);
const ok = (pass: boolean) => (pass ? 'ok' : 'MISSED');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Child {
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Spawns a process with its output in a log file (not through this process, which drives the load). */
function start(name: string, command: string, args: string[], env: Record<string, string> = {}): Child {
  mkdirSync(LOG_DIR, { recursive: true });
  const out = openSync(join(LOG_DIR, `bench-${name}.log`), 'w');
  const child = spawn(command, args, {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/** Polls `url` every 10 ms until it answers 200; the milliseconds since `since`. */
async function firstAnswer(url: string, since: number, child: Child, timeoutMs = 60_000): Promise<number> {
  while (performance.now() - since < timeoutMs) {
    if (child.process.exitCode !== null)
      throw new Error(`the process exited (${child.process.exitCode}) before answering ${url}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    await sleep(10);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function portalServer(name: string, env: Record<string, string>): Child {
  return start(name, process.execPath, ['scripts/start.mjs'], {
    NODE_ENV: 'production',
    PORTAL_DIST: TEST_DIST,
    PORT: String(PORTAL_PORT),
    BRAND2_PORT: String(PORTAL_PORT_2),
    HOST: '127.0.0.1',
    WX_PROVIDER: 'simulator',
    WX_SIMULATOR_URL: '',
    WX_SIMULATOR_URL_2: '',
    ...env,
  });
}

async function load(url: string, options: Partial<Parameters<typeof autocannon>[0]> = {}): Promise<Result> {
  // A short warm-up (connections, JIT, caches), then the measured run.
  await autocannon({ url, connections: PAGE_CONNECTIONS, duration: 1, ...options });
  return autocannon({ url, connections: PAGE_CONNECTIONS, duration: SECONDS, ...options });
}

const perSecond = (result: Result) => result.requests.average;
const describe = (result: Result) =>
  `${Math.round(perSecond(result)).toLocaleString('en')} req/s, latency p50 ${result.latency.p50} ms / p99 ${result.latency.p99} ms` +
  (result.errors || result.non2xx || result.timeouts
    ? `, ${result.errors} errors, ${result.non2xx} non-2xx, ${result.timeouts} timeouts`
    : '');

async function getBr(url: string): Promise<{ body: Buffer; encoding: string | null }> {
  // fetch() would decode brotli: node:http keeps the bytes as sent.
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] ?? null }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 12);

// ---- 1. start-up ----------------------------------------------------------------------------------------------

async function startup(dataDir: string): Promise<{ ms: number; server: Child }> {
  const since = performance.now();
  const server = portalServer('startup', { DATA_DIR: dataDir });
  try {
    return { ms: await firstAnswer(`http://127.0.0.1:${PORTAL_PORT}/en`, since, server), server };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

// ---- 2. and 3. pages ------------------------------------------------------------------------------------------

async function pages() {
  const pageUrl = `http://127.0.0.1:${PORTAL_PORT}/en`;
  // The first answer is rendered with fast encodings; the next use of the page makes the strong ones.
  for (let i = 0; i < 3; i++) await getBr(pageUrl);
  let page = await getBr(pageUrl);
  for (let i = 0; i < 50; i++) {
    await sleep(100);
    const again = await getBr(pageUrl);
    if (again.body.equals(page.body)) break;
    page = again;
  }
  if (page.encoding !== 'br') throw new Error(`/en answered ${page.encoding ?? 'identity'}, not br`);

  const brotliModule = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
  if (!existsSync(brotliModule))
    throw new Error(
      `nginx's brotli module is missing: apt-get install libnginx-mod-http-brotli-static (${brotliModule})`,
    );
  const folder = mkdtempSync(join(tmpdir(), 'bench-static-'));
  // nginx's worker runs as an unprivileged user when started as root: it must be able to read the files.
  chmodSync(folder, 0o755);
  const nginxPrefix = join(folder, 'nginx');
  mkdirSync(join(nginxPrefix, 'logs'), { recursive: true });
  const site = join(folder, 'site');
  mkdirSync(site);
  writeFileSync(join(site, 'en.html'), 'identity body not used: every client here asks for br');
  writeFileSync(join(site, 'en.html.br'), page.body);
  writeFileSync(
    join(nginxPrefix, 'nginx.conf'),
    `load_module ${brotliModule};
worker_processes 1;
pid ${nginxPrefix}/nginx.pid;
error_log ${nginxPrefix}/logs/error.log;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log ${nginxPrefix}/logs/access.log;
  client_body_temp_path ${nginxPrefix}; proxy_temp_path ${nginxPrefix}; fastcgi_temp_path ${nginxPrefix};
  uwsgi_temp_path ${nginxPrefix}; scgi_temp_path ${nginxPrefix};
  server {
    listen 127.0.0.1:${NGINX_PORT};
    root ${site};
    brotli_static on;
    location / { try_files $uri $uri.html =404; }
  }
}
`,
  );
  // sirv serves the same files (its `.br` twin when the client accepts br); it lists its folder when it starts.
  const sirv = start('sirv', process.execPath, [
    '-e',
    `const sirv = require('sirv'); require('node:http').createServer(sirv(${JSON.stringify(site)}, { brotli: true, gzip: true, etag: true })).listen(${SIRV_PORT}, '127.0.0.1');`,
  ]);
  const nginx = start('nginx', '/usr/sbin/nginx', [
    '-p',
    nginxPrefix,
    '-c',
    join(nginxPrefix, 'nginx.conf'),
    '-g',
    'daemon off;',
  ]);
  try {
    const urls = {
      portal: pageUrl,
      sirv: `http://127.0.0.1:${SIRV_PORT}/en`,
      nginx: `http://127.0.0.1:${NGINX_PORT}/en`,
    };
    await firstAnswer(urls.sirv, performance.now(), sirv, 10_000);
    await firstAnswer(urls.nginx, performance.now(), nginx, 10_000);
    for (const [name, url] of Object.entries(urls)) {
      const got = await getBr(url);
      if (got.encoding !== 'br' || !got.body.equals(page.body))
        throw new Error(`${name} does not serve the same br bytes (${got.encoding}, ${got.body.length} bytes)`);
    }
    console.log(`Same bytes from all three: /en, br, ${page.body.length} bytes, sha256 ${sha(page.body)}`);

    // The three take turns, PAGE_ROUNDS times, so a burst of other work on the shared machine does not land on
    // one server only; each gets the same total time.
    const headers = { 'accept-encoding': 'br' };
    const runs: Record<string, Result[]> = { portal: [], sirv: [], nginx: [] };
    for (const url of Object.values(urls))
      await autocannon({ url, connections: PAGE_CONNECTIONS, duration: 1, headers });
    for (let round = 0; round < PAGE_ROUNDS; round++) {
      for (const [name, url] of Object.entries(urls)) {
        const result = await autocannon({ url, connections: PAGE_CONNECTIONS, duration: SECONDS, headers });
        runs[name].push(result);
        console.log(`  round ${round + 1} ${name.padEnd(6)} ${describe(result)}`);
      }
    }
    const rate = (name: string) => runs[name].reduce((sum, result) => sum + perSecond(result), 0) / PAGE_ROUNDS;
    const summary = (name: string) => {
      const worst = (pick: (result: Result) => number) => Math.max(...runs[name].map(pick));
      const failed = runs[name].reduce((sum, result) => sum + result.errors + result.non2xx + result.timeouts, 0);
      return `${Math.round(rate(name)).toLocaleString('en')} req/s (mean of ${PAGE_ROUNDS} × ${SECONDS} s), p50 ≤ ${worst((r) => r.latency.p50)} ms / p99 ≤ ${worst((r) => r.latency.p99)} ms${failed ? `, ${failed} failed` : ''}`;
    };
    const vsSirv = rate('portal') / rate('sirv');
    const vsNginx = rate('portal') / rate('nginx');
    row(`cached GET /en br, ${PAGE_CONNECTIONS} connections: this server`, summary('portal'));
    row('  the same bytes from sirv 3 (brotli: true)', summary('sirv'));
    row('  the same bytes from nginx (brotli_static, 1 worker)', summary('nginx'));
    row('  this server / sirv', `${vsSirv.toFixed(2)}×`, `≥ ${GOALS.pageVsSirv}×`, ok(vsSirv >= GOALS.pageVsSirv));
    row('  this server / nginx', `${vsNginx.toFixed(2)}×`);
  } finally {
    await sirv.stop();
    await nginx.stop();
    rmSync(folder, { recursive: true, force: true });
  }

  // Uncached renders: every request a new value of a parameter the page cache keys on (server/pages/render.ts
  // PAGE_QUERY_PARAMS: unknown parameters are dropped and would hit the cache), so every one renders.
  let n = 0;
  const renders = await load(`http://127.0.0.1:${PORTAL_PORT}/en`, {
    connections: RENDER_CONNECTIONS,
    headers: { 'accept-encoding': 'br' },
    requests: [{ setupRequest: (request) => ({ ...request, path: `/en?utm_content=bench-${Date.now()}-${n++}` }) }],
  });
  row(`uncached GET /en renders, ${RENDER_CONNECTIONS} connections`, describe(renders));
}

// ---- 4. the hot API calls -------------------------------------------------------------------------------------

/** The accounts the logins use: one per client at a time, as a campaign's visitors are different people. */
const ACCOUNTS = 64;
const phoneOf = (i: number) => `138${String(i % ACCOUNTS).padStart(8, '0')}`;

async function seedUsers(settings: { databaseUrl?: string; dataDir: string }) {
  const db = await openDatabase(settings);
  const now = new Date();
  const hash = await hashPassword(PASSWORD);
  for (let i = 0; i < ACCOUNTS; i++) {
    await db.query(
      `insert into users (tenant_id, country_code, phone, nickname, password_hash, channel_id, client_id, created_ip,
                          created_at, password_changed_at)
       values (14, 1, $3, 'bench', $1, 2, 'morestores', '127.0.0.1', $2, $2)`,
      [hash, now, phoneOf(i)],
    );
  }
  await db.close();
}

/** Concurrent clients each sending one request after another for `seconds`; exact latencies. */
async function closedLoop(send: () => Promise<Response>, clients: number, seconds: number) {
  const times: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const sent = performance.now();
      const response = await send();
      await response.arrayBuffer();
      times.push(performance.now() - sent);
      if (response.status !== 200) failures++;
    }
  };
  const begin = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  const elapsed = (performance.now() - begin) / 1000;
  const sorted = times.sort((a, b) => a - b);
  return { perSecond: times.length / elapsed, p50: percentile(sorted, 50), p95: percentile(sorted, 95), failures };
}

async function api(label: string, database: { databaseUrl?: string; dataDir: string }) {
  await seedUsers(database);
  const server = portalServer(`api-${label.toLowerCase()}`, {
    NODE_ENV: 'bench',
    BENCH_UNLIMITED: '1',
    DATA_DIR: database.dataDir,
    DATABASE_URL: database.databaseUrl ?? '',
  });
  const base = `http://127.0.0.1:${PORTAL_PORT}`;
  try {
    await firstAnswer(`${base}/api/health`, performance.now(), server);
    const created = await fetch(`${base}/api/v2/wx/create_login_qrcode`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const { data } = (await created.json()) as { data?: { ticket: string } };
    if (!data?.ticket) throw new Error(`no QR code: ${created.status}`);
    const polls = await load(`${base}/api/v2/wx/get_qr_status?ticket=${data.ticket}`, {
      connections: POLL_CONNECTIONS,
    });
    row(
      `GET get_qr_status (waiting), ${POLL_CONNECTIONS} connections, ${label}`,
      describe(polls),
      `≥ ${GOALS.pollsPerSecond.toLocaleString('en')} req/s, p99 ≤ ${GOALS.pollP99Ms} ms`,
      ok(perSecond(polls) >= GOALS.pollsPerSecond && polls.latency.p99 <= GOALS.pollP99Ms && polls.non2xx === 0),
    );

    let next = 0;
    const login = () =>
      fetch(`${base}/api/v2/web/userlogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: phoneOf(next++), countryCode: 1, password: PASSWORD }),
      });
    await closedLoop(login, LOGIN_CLIENTS, 1);
    const logins = await closedLoop(login, LOGIN_CLIENTS, SECONDS);
    const cores = availableParallelism();
    const perCore = logins.perSecond / cores;
    row(
      `POST /api/v2/web/userlogin (argon2id 19 MiB, t=2), ${LOGIN_CLIENTS} clients, ${label}`,
      `${logins.perSecond.toFixed(0)} logins/s = ${perCore.toFixed(0)}/s per core (${cores} cores), p50 ${logins.p50.toFixed(1)} ms / p95 ${logins.p95.toFixed(1)} ms${logins.failures ? `, ${logins.failures} failed` : ''}`,
      `≥ ${GOALS.loginsPerSecondPerCore}/s per core, p95 ≤ ${GOALS.loginP95Ms} ms`,
      ok(perCore >= GOALS.loginsPerSecondPerCore && logins.p95 <= GOALS.loginP95Ms && logins.failures === 0),
    );
  } finally {
    await server.stop();
  }
}

function postgresUrl(): string | undefined {
  if (process.env.BENCH_DATABASE_URL !== undefined) return process.env.BENCH_DATABASE_URL || undefined;
  try {
    return (
      execFileSync('bash', ['scripts/test-postgres.sh'], { cwd: PROJECT_ROOT, encoding: 'utf8' }).trim() || undefined
    );
  } catch {
    return undefined;
  }
}

// ---- the run --------------------------------------------------------------------------------------------------

await buildIfStale(TEST_DIST);
console.log(
  `\nServer speed (loopback, ${availableParallelism()} cores shared with the load generator; each run ${SECONDS} s after 1 s of warm-up)\n`,
);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
try {
  const first = await startup(dataDir);
  await first.server.stop();
  row(
    'start-up to the first GET /en 200, PGlite, empty data folder',
    `${Math.round(first.ms)} ms`,
    `≤ ${GOALS.startupMs} ms`,
    ok(first.ms <= GOALS.startupMs),
  );
  const again = await startup(dataDir);
  row(
    'start-up to the first GET /en 200, PGlite, restart',
    `${Math.round(again.ms)} ms`,
    `≤ ${GOALS.startupMs} ms`,
    ok(again.ms <= GOALS.startupMs),
  );
  try {
    await pages();
  } finally {
    await again.server.stop();
  }

  await api('PGlite', { dataDir: mkdtempSync(join(tmpdir(), 'bench-api-')) });
  const admin = postgresUrl();
  if (admin) {
    const name = `bench_c_${process.pid}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${name}`);
    try {
      const url = new URL(admin);
      url.pathname = `/${name}`;
      await api('PostgreSQL', { databaseUrl: url.toString(), dataDir });
    } finally {
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    }
  } else row('hot API calls on PostgreSQL', 'skipped: no server (set BENCH_DATABASE_URL)');
} catch (error) {
  console.error('The server benchmark could not finish:', error instanceof Error ? error.message : error);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const headers = ['measure', 'value', 'goal', 'verdict'];
const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((cells) => cells[i].length)));
const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
console.log(`\nReproduce: ${COMMAND}${process.env.BENCH_PORT ? ` (BENCH_PORT=${process.env.BENCH_PORT})` : ''}\n`);
console.log(line(headers));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const cells of rows) console.log(line(cells));
process.exit(0);
