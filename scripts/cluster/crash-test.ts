/**
 * `npm run test:cluster` (part 2): crash safety. A registration storm (each registration the whole honest way:
 * puzzle, SMS code, register, from an address of its own) is cut by `kill -9` of the server, on PGlite and on
 * PostgreSQL; a server started again on the same data (no manual step: the PGlite data lock of the killed one is
 * taken over) lets every registration that was answered 200 log in, and the rows show no half-written account.
 * Then PostgreSQL itself goes down under a running server: pages still render, API calls answer 503 with the
 * envelope quickly, readiness says 503, and the server recovers by itself when the database is back.
 * Ports: CRASH_PORT (default 5227) and the next two. Prints the crash figures (answered 200 / able to log in).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { CODES } from '../../server/accounts/errors';
import type { Queryable } from '../../server/db/database';
import { openPGlite } from '../../server/db/pglite';
import {
  call,
  captchaTicket,
  clientIp,
  login,
  registerBody,
  sendSms,
  smsCode,
  tokenStatus,
  type UserInfo,
  uniquePhone,
} from './client';
import { type PrivatePostgres, startPrivatePostgres } from './postgres';
import { type ServerProcess, startServer } from './server';

const BASE = Number(process.env.CRASH_PORT ?? 5227);
const STORM = Number(process.env.CRASH_STORM ?? 40);
/** The server is killed once this many registrations were answered 200 (others are under way then). */
const KILL_AFTER = Number(process.env.CRASH_KILL_AFTER ?? 12);
// No drain when a server is stopped at the end of a test (scripts/cluster/shutdown-test.ts is about stopping).
const env = { TRUST_PROXY: 'loopback', SHUTDOWN_DRAIN_MS: '0' };

let postgres: PrivatePostgres;
const folders: string[] = [];
const servers: ServerProcess[] = [];
const figures: string[] = [];

before(() => {
  postgres = startPrivatePostgres(BASE);
});

after(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  postgres?.remove();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  if (collegeStatuses.length) figures.push(`  college pages while PostgreSQL was down: ${collegeStatuses.join(', ')}`);
  if (figures.length) console.log(`\nCrash figures (kill -9 during ${STORM} registrations):\n${figures.join('\n')}`);
});

function tempFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'portal-crash-'));
  folders.push(folder);
  return folder;
}

async function start(name: string, options: { databaseUrl?: string; dataDir: string; waitFor?: string }) {
  const server = await startServer({
    name,
    port: BASE + 1,
    brand2Port: BASE + 2,
    ...options,
    env,
  });
  servers.push(server);
  return server;
}

type Outcome = { phone: string; password: string; result: 'ok' | 'refused' | 'no answer'; detail?: string };

/** Registrations from `STORM` addresses at once; `kill -9` once `KILL_AFTER` were answered 200. */
async function storm(server: ServerProcess, block: number): Promise<Outcome[]> {
  let answered = 0;
  const one = async (i: number): Promise<Outcome> => {
    const phone = uniquePhone('137');
    const password = `crash ${phone} pass`;
    const ip = clientIp(i + 1, block);
    try {
      const ticket = await captchaTicket(server.baseUrl, ip);
      const sent = await sendSms(server.baseUrl, phone, 'register', ticket, ip);
      if (sent.status !== 200) return { phone, password, result: 'refused', detail: `sms ${sent.status}` };
      const code = await smsCode([server], phone, 'register');
      const answer = await call<UserInfo>(server.baseUrl, '/v2/web/register', {
        body: registerBody(phone, code, password),
        ip,
      });
      if (answer.status !== 200 || answer.body.code !== 200)
        return { phone, password, result: 'refused', detail: `register ${answer.status}` };
      answered++;
      if (answered === KILL_AFTER) server.kill('SIGKILL');
      return { phone, password, result: 'ok' };
    } catch (error) {
      return { phone, password, result: 'no answer', detail: String((error as Error).message) };
    }
  };
  const outcomes = await Promise.all(Array.from({ length: STORM }, (_, i) => one(i)));
  const exit = await server.exited;
  assert.equal(exit.signal, 'SIGKILL', 'the server was killed during the storm');
  return outcomes;
}

/** Every account of the storm, as stored: each complete (a password hash and the session its registration made). */
/**
 * No account half-written: exactly the accounts that log in exist, each with a password hash and the session its
 * registration made (plus this test's login); and every register code that was used belongs to an account (the
 * code, the account and its session are written in one transaction).
 */
async function assertComplete(db: Queryable, phones: string[], expected: number) {
  const rows = await db.query<{ phone: string; password_hash: string; sessions: number }>(
    `select u.phone, u.password_hash, (select count(*) from sessions s where s.user_id = u.id)::int as sessions
       from users u where u.phone = any($1::text[])`,
    [phones],
  );
  assert.equal(rows.length, expected, 'exactly the accounts that log in exist');
  for (const row of rows) {
    assert.match(row.password_hash, /^\$argon2id\$/, `${row.phone}: a password hash`);
    assert.ok(row.sessions >= 2, `${row.phone}: its sessions (${row.sessions})`);
  }
  const used = await db.query<{ phone: string }>(
    `select phone from sms_codes where purpose = 'register' and used_at is not null and phone = any($1::text[])`,
    [phones],
  );
  const registered = new Set(rows.map((row) => row.phone));
  assert.deepEqual(
    used.filter((code) => !registered.has(code.phone)),
    [],
    'no register code used without its account',
  );
  assert.equal(used.length, rows.length, 'one used register code per account');
}

async function checkAfterRestart(label: string, restarted: ServerProcess, outcomes: Outcome[]) {
  const ok = outcomes.filter((outcome) => outcome.result === 'ok');
  assert.ok(ok.length >= KILL_AFTER, `at least ${KILL_AFTER} registrations were answered 200 before the kill`);
  const logins = await Promise.all(
    ok.map((outcome, i) => login(restarted.baseUrl, outcome.phone, outcome.password, clientIp(i + 1, 172))),
  );
  const loggedIn = logins.filter((answer) => answer.status === 200).length;
  // The registrations cut off: each either exists completely (committed before the kill) or not at all.
  const cut = outcomes.filter((outcome) => outcome.result === 'no answer');
  const cutLogins = await Promise.all(
    cut.map((outcome, i) => login(restarted.baseUrl, outcome.phone, outcome.password, clientIp(i + 1, 173))),
  );
  const cutExisting = cutLogins.filter((answer) => answer.status === 200).length;
  figures.push(
    `  ${label}: ${ok.length} answered 200, ${loggedIn} of them log in after the restart; ` +
      `${cut.length} cut off without an answer (${cutExisting} of those were committed and log in too), ` +
      `${outcomes.filter((outcome) => outcome.result === 'refused').length} refused`,
  );
  assert.equal(loggedIn, ok.length, `every registration answered 200 logs in (${label})`);
  for (const answer of cutLogins)
    assert.ok(
      answer.status === 200 || (answer.status === 400 && answer.body.code === CODES.wrongCredentials),
      `a cut-off registration: logged in, or unknown (${answer.status} ${JSON.stringify(answer.body)})`,
    );
  return { phones: outcomes.map((outcome) => outcome.phone), expected: ok.length + cutExisting };
}

describe('kill -9 during a registration storm', () => {
  it('PGlite: the server restarts on the same folder by itself; every account answered 200 logs in; none half-written', async () => {
    const dataDir = tempFolder();
    const first = await start('crash-pglite', { dataDir });
    const outcomes = await storm(first, 20);
    const restarted = await start('crash-pglite-again', { dataDir, waitFor: '/api/ready' });
    let checked: Awaited<ReturnType<typeof checkAfterRestart>>;
    try {
      checked = await checkAfterRestart('PGlite', restarted, outcomes);
    } finally {
      await restarted.stop();
    }
    const { phones, expected } = checked;
    const db = await openPGlite(dataDir);
    try {
      await assertComplete(db, phones, expected);
    } finally {
      await db.close();
    }
  });

  it('PostgreSQL: every account answered 200 logs in after a restart; none half-written', async () => {
    const url = await postgres.createDatabase(`crash_${Date.now()}`);
    const first = await start('crash-postgres', { databaseUrl: url, dataDir: tempFolder() });
    const outcomes = await storm(first, 21);
    const restarted = await start('crash-postgres-again', {
      databaseUrl: url,
      dataDir: tempFolder(),
      waitFor: '/api/ready',
    });
    let checked: Awaited<ReturnType<typeof checkAfterRestart>>;
    try {
      checked = await checkAfterRestart('PostgreSQL', restarted, outcomes);
    } finally {
      await restarted.stop();
    }
    const { phones, expected } = checked;
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    pool.on('error', () => {});
    try {
      const db: Queryable = {
        query: async <T>(sql: string, params: readonly unknown[] = []) =>
          (await pool.query(sql, params as unknown[])).rows as T[],
        exec: async (sql: string) => {
          await pool.query(sql);
        },
      };
      await assertComplete(db, phones, expected);
    } finally {
      await pool.end();
    }
  });
});

/** A request bounded by `ms`: its status, body and time (a timeout fails the test rather than hanging it). */
async function timed(url: string, init: RequestInit = {}, ms = 8000) {
  const started = performance.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(ms), redirect: 'manual' });
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
}

describe('PostgreSQL down under a running server', () => {
  it('pages render, the API answers 503 with the envelope, readiness 503; it recovers by itself', async () => {
    const url = await postgres.createDatabase(`down_${Date.now()}`);
    const server = await start('db-down', { databaseUrl: url, dataDir: tempFolder(), waitFor: '/api/ready' });
    try {
      await databaseDown(server);
    } finally {
      await server.stop();
    }
  });
});

const collegeStatuses: number[] = [];

async function databaseDown(server: ServerProcess) {
  const base = server.baseUrl;
  const json = { 'Content-Type': 'application/json', 'Accept-Language': 'en' };
  // Warm: a page rendered before, and pages never rendered (a new query string misses the page cache).
  assert.equal((await timed(`${base}/`)).status, 200);
  postgres.stop();
  try {
    for (const path of ['/', '/en', `/?fresh=${Date.now()}`, `/en/login?fresh=${Date.now()}`]) {
      const page = await timed(`${base}${path}`);
      assert.equal(page.status, 200, `${path} renders while the database is down`);
      assert.match(page.text, /<html/);
    }
    // The college pages read their articles from the database: their own 503 page (never a 500, never a hang).
    for (const path of [`/business-college?fresh=${Date.now()}`, `/en/business-college?fresh=${Date.now()}`]) {
      const page = await timed(`${base}${path}`);
      assert.ok([200, 503].includes(page.status), `${path}: ${page.status}`);
      assert.match(page.text, /<html/);
      collegeStatuses.push(page.status);
    }
    const calls: [string, RequestInit][] = [
      ['/api/v2/captcha/puzzle', { method: 'POST', headers: json, body: '{}' }],
      [
        '/api/v2/web/userlogin',
        {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ phone: '13800138000', countryCode: 1, password: 'whatever-pass1' }),
        },
      ],
      ['/api/v2/college/articles?lang=zh', { headers: json }],
      ['/api/v2/wx/create_login_qrcode', { method: 'POST', headers: json, body: '{}' }],
      ['/api/v2/dm_user_base_info', { headers: { ...json, 'X-Auth-Token': 'a'.repeat(43) } }],
    ];
    for (const [path, init] of calls) {
      const answer = await timed(`${base}${path}`, init);
      assert.equal(answer.status, 503, `${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
      const body = JSON.parse(answer.text) as { code: number; message: string };
      assert.equal(body.code, 503);
      assert.match(body.message, /\w/, 'a message');
      assert.ok(answer.ms < 7000, `${path} answered in ${Math.round(answer.ms)} ms`);
    }
    const ready = await timed(`${base}/api/ready`);
    assert.equal(ready.status, 503);
    assert.equal((await timed(`${base}/api/health`)).status, 200, 'alive all the same');
  } finally {
    postgres.start();
  }
  // Back by itself: ready again within 20 s, and the API works.
  const deadline = Date.now() + 20_000;
  let status = 0;
  while (Date.now() < deadline && status !== 200) {
    status = (await timed(`${base}/api/ready`)).status;
    if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.equal(status, 200, 'ready again once the database is back');
  assert.equal(
    (await timed(`${base}/api/v2/captcha/puzzle`, { method: 'POST', headers: json, body: '{}' })).status,
    200,
  );
  assert.ok(server.isRunning(), 'the same process, never restarted');
  const fiveHundreds = server.requests().filter((line) => line.status === 500);
  assert.deepEqual(fiveHundreds, [], 'no 500 at any point');
  // Keep the token check honest: an unknown token is a 401 again.
  assert.equal(await tokenStatus(base, 'b'.repeat(43)), 401);
}

describe('PostgreSQL not answering (frozen) under a running server', () => {
  it('requests are bounded: the API answers 503 within the database timeouts, readiness 503 at once; it recovers', async () => {
    const url = await postgres.createDatabase(`frozen_${Date.now()}`);
    const server = await start('db-frozen', { databaseUrl: url, dataDir: tempFolder(), waitFor: '/api/ready' });
    try {
      const base = server.baseUrl;
      const json = { 'Content-Type': 'application/json', 'Accept-Language': 'en' };
      // Connections in the pool first, so both kinds of wait are met: a new connection and a statement on an old one.
      await Promise.all(
        Array.from({ length: 6 }, () =>
          timed(`${base}/api/v2/captcha/puzzle`, { method: 'POST', headers: json, body: '{}' }),
        ),
      );
      postgres.pause();
      try {
        const started = performance.now();
        const [ready, page, ...answers] = await Promise.all([
          timed(`${base}/api/ready`, {}, 5000),
          timed(`${base}/en?fresh=${Date.now()}`, {}, 5000),
          ...Array.from({ length: 12 }, (_, i) =>
            timed(
              `${base}/api/v2/captcha/puzzle`,
              { method: 'POST', headers: { ...json, 'X-Forwarded-For': clientIp(i + 1, 30) }, body: '{}' },
              25_000,
            ),
          ),
        ]);
        assert.equal(ready.status, 503, 'not ready');
        assert.ok(ready.ms < 2000, `readiness answered in ${Math.round(ready.ms)} ms`);
        assert.equal(page.status, 200, 'a page that needs no data renders');
        for (const answer of answers) {
          assert.equal(answer.status, 503, answer.text.slice(0, 200));
          assert.equal((JSON.parse(answer.text) as { code: number }).code, 503);
        }
        figures.push(
          `  PostgreSQL frozen: ${answers.length} API calls all 503, the slowest after ${Math.round(
            Math.max(...answers.map((answer) => answer.ms)),
          )} ms (bounds: 5 s to connect, 15 s per statement); readiness 503 in ${Math.round(ready.ms)} ms; all within ${Math.round(
            performance.now() - started,
          )} ms`,
        );
      } finally {
        postgres.resume();
      }
      const deadline = Date.now() + 20_000;
      let status = 0;
      while (Date.now() < deadline && status !== 200) {
        status = (await timed(`${base}/api/ready`)).status;
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      assert.equal(status, 200, 'ready again once the database answers');
      const again = await timed(`${base}/api/v2/captcha/puzzle`, { method: 'POST', headers: json, body: '{}' });
      assert.equal(again.status, 200);
      assert.deepEqual(
        server.requests().filter((line) => line.status === 500),
        [],
        'no 500 at any point',
      );
    } finally {
      await server.stop();
    }
  });
});
