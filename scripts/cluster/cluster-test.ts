/**
 * `npm run test:cluster` (part 1): two portal processes on one PostgreSQL behind a round-robin nginx, on
 * loopback, the topology of deploy/ run natively. A private PostgreSQL (scripts/cluster/postgres.ts) with a
 * fresh database, servers A (5221/5222) and B (5223/5224) started at the same moment on it (so they migrate and
 * seed the college content together), nginx on 5225 sending requests to A and B in turn. Ports: CLUSTER_PORT
 * (default 5220) and the next five.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { eventually } from '../../e2e/support/wait';
import { loadCollegeContent } from '../../server/college/content';
import { addOperator, totpCode } from '../../server/console/operators';
import { readMigrations } from '../../server/db/migrate';
import { openPostgres } from '../../server/db/postgres';
import { LIMITS } from '../../server/limits/rules';
import { webhookSignature } from '../../server/providers/messaging/signature';
import {
  call,
  captchaTicket,
  clientIp,
  login,
  register,
  sendSms,
  smsCode,
  tokenStatus,
  type UserInfo,
  uniquePhone,
} from './client';
import { type Nginx, startNginx } from './nginx';
import { type PrivatePostgres, startPrivatePostgres } from './postgres';
import { PROJECT_ROOT, type ServerProcess, startServer } from './server';

const BASE = Number(process.env.CLUSTER_PORT ?? 5220);
const WX_TOKEN = randomBytes(16).toString('hex');
const PROXY = `http://127.0.0.1:${BASE + 5}`;
// The operator's console: each process on its own console port, nginx in front on its own port (its own host name
// in a deployment: deploy/nginx/console.conf.template), with the shipped proxy settings.
const CONSOLE_PROXY = `http://127.0.0.1:${BASE + 8}`;

let postgres: PrivatePostgres;
let sql: pg.Pool;
let a: ServerProcess;
let b: ServerProcess;
let nginx: Nginx;
let databaseUrl: string;
const dataDir = mkdtempSync(join(tmpdir(), 'portal-cluster-'));

before(async () => {
  postgres = startPrivatePostgres(BASE);
  const url = await postgres.createDatabase(`cluster_${Date.now()}`);
  databaseUrl = url;
  sql = new pg.Pool({ connectionString: url, max: 2 });
  // An idle connection the server ends (the database stopped at the end): without a listener the pool's 'error'
  // event would end this test process.
  sql.on('error', () => {});
  // No drain at the end (scripts/cluster/shutdown-test.ts and rolling-test.ts are about stopping).
  const env = { TRUST_PROXY: 'loopback', WX_TOKEN, SHUTDOWN_DRAIN_MS: '0' };
  // Both at the same moment on the empty database: they migrate and seed together. A server listens before its
  // database is opened and seeded, so the test waits for readiness (which waits for both), not for liveness.
  const waitFor = '/api/ready';
  const consoleEnv = (port: number) => ({ ...env, CONSOLE_PORT: String(port), CONSOLE_PUBLIC_URL: CONSOLE_PROXY });
  [a, b] = await Promise.all([
    startServer({
      name: 'a',
      port: BASE + 1,
      brand2Port: BASE + 2,
      databaseUrl: url,
      dataDir,
      env: consoleEnv(BASE + 6),
      waitFor,
    }),
    startServer({
      name: 'b',
      port: BASE + 3,
      brand2Port: BASE + 4,
      databaseUrl: url,
      dataDir,
      env: consoleEnv(BASE + 7),
      waitFor,
    }),
  ]);
  nginx = await startNginx([
    { listen: BASE + 5, upstreams: [BASE + 1, BASE + 3] },
    { listen: BASE + 8, upstreams: [BASE + 6, BASE + 7] },
  ]);
});

after(async () => {
  await nginx?.stop();
  await Promise.all([a?.stop(), b?.stop()]);
  await sql?.end();
  postgres?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

const rows = async <T>(text: string, params: unknown[] = []) => (await sql.query(text, params)).rows as T[];
/** How many requests to `path` each process logged. */
const served = (server: ServerProcess, path: string) => server.requests().filter((line) => line.path === path).length;

describe('two processes started at once on an empty PostgreSQL', () => {
  it('apply each migration once and seed the college content once, consistently', async () => {
    const migrations = await rows<{ version: number }>('select version from schema_migrations order by version');
    assert.deepEqual(
      migrations.map((row) => row.version),
      readMigrations().map((migration) => migration.version),
    );
    const { articles } = loadCollegeContent(join(PROJECT_ROOT, 'content/college'));
    const [{ count, distinct }] = await rows<{ count: number; distinct: number }>(
      `select count(*)::int as count, count(distinct (id, lang))::int as distinct
         from college_articles where published`,
    );
    assert.equal(count, articles.length, 'one published row per article file');
    assert.equal(distinct, count, 'no duplicate rows');
    // One process inserted them all; the other, waiting for the seed lock, found them there.
    const added = [a, b].map((server) => /\[college\] articles: (\d+) added/.exec(server.output())?.[1] ?? '0');
    assert.deepEqual(added.map(Number).sort(), [0, articles.length]);
    // The college list and an article answer on both.
    for (const server of [a, b]) {
      const list = await call<{ list: unknown[] }>(server.baseUrl, '/v2/college/articles?lang=zh', { method: 'GET' });
      assert.equal(list.status, 200, `${server.name}: college list`);
    }
  });
});

describe('limits hold exactly across both processes', () => {
  it(`one IP: 40 SMS sends through the proxy, alternating over A and B, exactly ${LIMITS.smsPerIp.rules[0].limit} accepted`, async () => {
    const ip = '198.51.100.7';
    const before = [served(a, '/api/v2/sendSmsCode'), served(b, '/api/v2/sendSmsCode')];
    // Tickets from other addresses (puzzles have a per-IP limit of their own); a ticket is not tied to an address.
    const tickets = await Promise.all(Array.from({ length: 40 }, (_, i) => captchaTicket(PROXY, clientIp(i + 1, 10))));
    const answers = await Promise.all(tickets.map((ticket) => sendSms(PROXY, uniquePhone(), 'register', ticket, ip)));
    const statuses = answers.map((answer) => answer.status);
    const accepted = statuses.filter((status) => status === 200).length;
    assert.equal(accepted, LIMITS.smsPerIp.rules[0].limit, `accepted ${accepted}: ${statuses.join(' ')}`);
    assert.equal(statuses.filter((status) => status === 429).length, 40 - accepted, 'the rest are 429');
    for (const answer of answers.filter((x) => x.status === 429)) assert.ok(answer.body.message, 'a 429 says why');
    // Both processes answered sends, and the limit counted the client behind the proxy, not the proxy. The request
    // log is written asynchronously: wait (briefly) until all 40 lines are in the two logs before reading them.
    const sent = () => [served(a, '/api/v2/sendSmsCode') - before[0], served(b, '/api/v2/sendSmsCode') - before[1]];
    for (let waited = 0; sent()[0] + sent()[1] < 40 && waited < 3000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const after = sent();
    assert.deepEqual(after, [20, 20], 'nginx sent every other request to each process');
    const [{ count }] = await rows<{ count: number }>(
      'select count(*)::int as count from rate_events where bucket = $1',
      [`sms:ip:${ip}`],
    );
    assert.equal(count, LIMITS.smsPerIp.rules[0].limit);
  });

  it('one phone: 10 sends at once from 10 addresses, alternating over A and B, exactly 1 accepted', async () => {
    const phone = uniquePhone();
    const tickets = await Promise.all(
      Array.from({ length: 10 }, (_, i) => captchaTicket(a.baseUrl, clientIp(i + 50, 10))),
    );
    const answers = await Promise.all(
      tickets.map((ticket, i) => sendSms((i % 2 ? b : a).baseUrl, phone, 'register', ticket, clientIp(i + 100, 10))),
    );
    const statuses = answers.map((answer) => answer.status);
    assert.deepEqual(
      statuses.filter((status) => status === 200),
      [200],
      `exactly one accepted: ${statuses.join(' ')}`,
    );
    assert.equal(statuses.filter((status) => status === 429).length, 9);
    const codes = await rows<{ count: number }>(`select count(*)::int as count from sms_codes where phone = $1`, [
      phone,
    ]);
    assert.equal(codes[0].count, 1, 'one code stored');
  });
});

/** A signed scan event delivered to the webhook of `server`; returns the confirm link's scene and token, if any. */
async function scan(server: ServerProcess, scene: string, openId: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(8).toString('hex');
  const query = new URLSearchParams({ signature: webhookSignature(WX_TOKEN, timestamp, nonce), timestamp, nonce });
  const xml = `<xml><ToUserName><![CDATA[gh_cluster]]></ToUserName><FromUserName><![CDATA[${openId}]]></FromUserName><CreateTime>${timestamp}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[SCAN]]></Event><EventKey><![CDATA[${scene}]]></EventKey></xml>`;
  const response = await fetch(`${server.baseUrl}/api/wx/callback?${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/xml' },
    body: xml,
    signal: AbortSignal.timeout(10_000),
  });
  const reply = await response.text();
  assert.equal(response.status, 200, `webhook on ${server.name}: ${reply}`);
  const link = /[?&]scene=([\w-]+)(?:&amp;|&)t=([\w-]+)/.exec(reply);
  return link ? { scene: link[1], token: link[2] } : undefined;
}

interface QrData {
  ticket: string;
  qrUrl: string;
}

const status = (server: ServerProcess, ticket: string, ip: string) =>
  call<{ status: string; userInfo?: UserInfo }>(
    server.baseUrl,
    `/v2/wx/get_qr_status?${new URLSearchParams({ ticket })}`,
    {
      method: 'GET',
      ip,
    },
  );

describe('the QR login across processes', () => {
  it('a code created on A, scanned through B, polled on both, hands out its session exactly once', async () => {
    const ip = '203.0.113.20';
    const account = await register(a.baseUrl, [a, b], { ip: '203.0.113.21' });
    const openId = `o${randomBytes(12).toString('hex')}`;

    // First scan: this WeChat is not bound yet. Both processes see "unbound"; binding on B logs in.
    const first = await call<QrData>(a.baseUrl, '/v2/wx/create_login_qrcode', { body: {}, ip });
    assert.equal(first.status, 200);
    const firstScene = new URL(first.body.data!.qrUrl).searchParams.get('scene')!;
    assert.equal(await scan(b, firstScene, openId), undefined, 'an unbound identity gets no confirm link');
    for (const server of [a, b])
      assert.equal((await status(server, first.body.data!.ticket, ip)).body.data?.status, 'unbound', server.name);
    // A bind takes an SMS code sent to the account's phone (never the password alone).
    await sendSms(b.baseUrl, account.phone, 'login', await captchaTicket(b.baseUrl, ip), ip);
    const bound = await call<UserInfo>(b.baseUrl, '/v2/wx/userlogin', {
      body: {
        ticket: first.body.data!.ticket,
        action: 'bind',
        phone: account.phone,
        countryCode: 1,
        code: await smsCode([a, b], account.phone, 'login'),
      },
      ip,
    });
    assert.equal(bound.status, 200, JSON.stringify(bound.body));

    // Second code, on A; the bound WeChat scans it through B, confirms on B's phone page.
    const second = await call<QrData>(a.baseUrl, '/v2/wx/create_login_qrcode', { body: {}, ip });
    const ticket = second.body.data!.ticket;
    const scene = new URL(second.body.data!.qrUrl).searchParams.get('scene')!;
    // Polled twice on each: both now answer from memory (server/scan-login/tickets.ts).
    for (const server of [a, b])
      for (let i = 0; i < 2; i++) assert.equal((await status(server, ticket, ip)).body.data?.status, 'waiting');
    const link = await scan(b, scene, openId);
    assert.ok(link, 'a bound identity gets a confirm link');
    // The scan's commit on B reaches A's memory as a notification: A says "scanned" at once or within
    // milliseconds (the browser polls every 2 s), never "waiting" for long.
    for (const server of [a, b]) {
      const started = performance.now();
      let seen = (await status(server, ticket, ip)).body.data?.status;
      while (seen === 'waiting' && performance.now() - started < 1000) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        seen = (await status(server, ticket, ip)).body.data?.status;
      }
      assert.equal(seen, 'scanned', `${server.name} after ${Math.round(performance.now() - started)} ms`);
    }
    const confirmed = await fetch(`${b.baseUrl}/wx/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ scene: link.scene, t: link.token, action: 'confirm' }),
      signal: AbortSignal.timeout(10_000),
    });
    assert.match(await confirmed.text(), /data-result="confirmed"/);

    // Twenty polls at once, alternating over A and B: one carries the session, the others see it used.
    const polls = await Promise.all(Array.from({ length: 20 }, (_, i) => status(i % 2 ? b : a, ticket, ip)));
    const handed = polls.filter((poll) => poll.body.data?.status === 'bound');
    assert.equal(handed.length, 1, `one poll got the session: ${polls.map((p) => p.body.data?.status).join(' ')}`);
    assert.ok(polls.every((poll) => poll.status === 200));
    const token = handed[0].body.data!.userInfo!.Authorization;
    assert.equal(handed[0].body.data!.userInfo!.userId, account.userInfo.userId);
    for (const server of [a, b]) assert.equal(await tokenStatus(server.baseUrl, token), 200, server.name);
    const [{ count }] = await rows<{ count: number }>(
      "select count(*)::int as count from wx_login_tickets where scene = $1 and state = 'done'",
      [scene],
    );
    assert.equal(count, 1);
  });
});

describe('sessions across processes', () => {
  it('a login on A is valid on B; a logout on B revokes it on both', async () => {
    const account = await register(b.baseUrl, [a, b], { ip: '203.0.113.30' });
    const answer = await login(a.baseUrl, account.phone, account.password, '203.0.113.31');
    assert.equal(answer.status, 200);
    const token = answer.body.data!.Authorization;
    assert.equal(await tokenStatus(b.baseUrl, token), 200, 'valid on B');
    assert.equal(await tokenStatus(a.baseUrl, token), 200, 'valid on A');
    assert.equal(await tokenStatus(PROXY, token), 200, 'valid through the proxy');
    const out = await call(b.baseUrl, '/v2/web/userlogout', { body: { userName: account.userInfo.userName }, token });
    assert.equal(out.status, 200);
    assert.equal(await tokenStatus(a.baseUrl, token), 401, 'revoked on A');
    assert.equal(await tokenStatus(b.baseUrl, token), 401, 'revoked on B');
    // The registration's own session is another one, still valid.
    assert.equal(await tokenStatus(a.baseUrl, account.userInfo.Authorization), 200);
  });

  it("the operator's console through the proxy: sign in once, then either process knows the session", async () => {
    const db = await openPostgres(databaseUrl, 1);
    let secret: string;
    try {
      ({ secret } = await addOperator(
        db,
        { name: 'cluster-owner', role: 'owner', password: 'a long cluster password' },
        new Date(),
      ));
    } finally {
      await db.close();
    }
    const consoleCall = (path: string, init: RequestInit = {}) =>
      fetch(`${CONSOLE_PROXY}/console/api${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', origin: CONSOLE_PROXY, ...(init.headers ?? {}) },
      });
    const signIn = await consoleCall('/login', {
      method: 'POST',
      body: JSON.stringify({
        name: 'cluster-owner',
        password: 'a long cluster password',
        totp: totpCode(secret, new Date()),
      }),
    });
    assert.equal(signIn.status, 200, await signIn.clone().text());
    const cookie = signIn.headers.get('set-cookie')?.split(';')[0] ?? '';
    assert.match(cookie, /^console_session=/);
    const { data } = (await signIn.json()) as { data: { csrfToken: string } };
    // Round robin: the session and the users call answer on both processes.
    const before = [a, b].map((server) => served(server, '/console/api/session'));
    for (let i = 0; i < 4; i++) assert.equal((await consoleCall('/session', { headers: { cookie } })).status, 200);
    // A process writes its request line once the answer is sent: the last one may reach its output a moment later.
    const counted = await eventually(
      () => {
        const counts = [a, b].map((server, i) => served(server, '/console/api/session') - before[i]);
        assert.equal(counts[0] + counts[1], 4, "the four console calls in the processes' request lines");
        return counts;
      },
      { timeout: 3000, interval: 50 },
    );
    assert.deepEqual(counted, [2, 2], 'nginx sent every other console call to each process');
    const users = await consoleCall('/users?q=0000', { headers: { cookie } });
    assert.equal(users.status, 200);
    // A POST from the console's own origin with the token works through the proxy; from another origin it does not.
    const hook = { url: 'https://crm.example.com/hooks', events: ['user.registered'] };
    const refused = await consoleCall('/webhooks', {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': data.csrfToken, origin: 'https://evil.example' },
      body: JSON.stringify(hook),
    });
    assert.equal(refused.status, 403);
    const out = await consoleCall('/logout', {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': data.csrfToken },
      body: '{}',
    });
    assert.equal(out.status, 200);
    assert.equal((await consoleCall('/session', { headers: { cookie } })).status, 401);
    // The portal's public ports never serve the console.
    assert.equal((await fetch(`${PROXY}/console/api/session`)).status, 404);
  });

  it('no process logged a server error', () => {
    for (const server of [a, b]) {
      // Readiness answers 503 by design until the database is open and seeded (the start-up waits on it).
      const errors = server.requests().filter((line) => line.status >= 500 && line.path !== '/api/ready');
      assert.deepEqual(errors, [], `${server.name} answered 5xx`);
    }
  });
});
