/**
 * `npm run test:cluster` (backup part): a backup of a running server on the embedded database, taken with
 * `npm run admin -- backup FILE` while registrations arrive at (up to) 100 a second through the real API,
 * restored with `npm run admin -- restore FILE` into a new folder and into a new PostgreSQL database; a server
 * started on each logs in every account whose registration was answered before the backup began. The data
 * folders and the backup file are private (0700 folders, 0600 files). Prints how many registrations were
 * answered before and during the backup, and how many accounts logged in on each restored copy.
 * Ports: BACKUP_TEST_PORT (default 5300) and the next six.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { gapOf, type Puzzle } from '../../e2e/support/captcha';
import { clientIp, registerBody, type UserInfo, uniquePhone } from './client';
import { type PrivatePostgres, startPrivatePostgres } from './postgres';
import { PROJECT_ROOT, type ServerProcess, startServer } from './server';

const BASE = Number(process.env.BACKUP_TEST_PORT ?? 5300);
/** Registrations started per second (an open loop: each starts on its own schedule, answered or not). */
const RATE = 100;
/** Registrations under way at most: past it the schedule waits, so a slow machine is not buried. */
const MAX_OUTSTANDING = 40;
/** The backup starts once this many registrations were answered (a cold server on a busy machine is slow)… */
const ANSWERED_BEFORE = 25;
/** …or after this long at most. */
const LOAD_BEFORE_MAX_MS = 30_000;

const folder = mkdtempSync(join(tmpdir(), 'portal-backup-test-'));
const liveDir = join(folder, 'live');
const restoredDir = join(folder, 'restored');
const backupFile = join(folder, 'site.backup');
let postgres: PrivatePostgres;
let restoredUrl: string;
const servers: ServerProcess[] = [];
/** Progress on stderr at once (the spec reporter holds console output until the test ends). */
const progress = (line: string) => process.stderr.write(`# [backup-test] ${line}\n`);

before(async () => {
  postgres = startPrivatePostgres(BASE);
  restoredUrl = await postgres.createDatabase(`restored_${Date.now()}`);
});

after(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  postgres?.remove();
  rmSync(folder, { recursive: true, force: true });
});

interface Answer<T> {
  status: number;
  body: { code: number; message: string; data?: T };
}

/**
 * One API call over node:http, bounded by `timeoutMs`. Not fetch: in this test, with many calls under way on a
 * loaded machine, Node 20's fetch left calls pending forever (no socket, no timer) after their answer was logged.
 */
function api<T = unknown>(
  base: string,
  path: string,
  body: unknown,
  ip: string,
  timeoutMs = 30_000,
): Promise<Answer<T>> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(`${base}/api${path}`, {
      method: payload === undefined ? 'GET' : 'POST',
      agent: false,
      headers: {
        'Accept-Language': 'zh-CN',
        'Accept-Encoding': 'identity',
        'X-Forwarded-For': ip,
        ...(payload === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      timeout: timeoutMs,
    });
    req.once('timeout', () => req.destroy(new Error(`${path}: no answer in ${timeoutMs} ms`)));
    req.once('error', reject);
    req.once('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.once('error', reject);
      res.once('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
        } catch {
          reject(new Error(`${path} answered ${res.statusCode} with a body that is not JSON: ${text.slice(0, 200)}`));
        }
      });
    });
    req.end(payload);
  });
}

async function ok<T>(what: string, answer: Promise<Answer<T>>): Promise<T> {
  const { status, body } = await answer;
  if (status !== 200 || body.code !== 200) throw new Error(`${what}: HTTP ${status}, ${JSON.stringify(body)}`);
  return body.data as T;
}

/** Starts a server and waits (up to 90 s) until /api/ready answers 200. */
async function startReady(options: Parameters<typeof startServer>[0]): Promise<ServerProcess> {
  const server = await startServer({ ...options, waitFor: null });
  servers.push(server);
  const deadline = Date.now() + 90_000;
  for (;;) {
    const answer = await api(server.baseUrl, '/ready', undefined, '127.0.0.1', 5000).catch(() => null);
    if (answer?.status === 200) return server;
    if (Date.now() > deadline || !server.isRunning())
      throw new Error(`${options.name} did not become ready:\n${server.output().slice(-2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `npm run admin -- …` as an operator runs it (the project's script, with the server's settings). */
function admin(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATA_DIR: '', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** SMS codes the server's built-in sink logs, read as its output arrives (phone -> newest register code). */
function watchCodes(server: ServerProcess): Map<string, string> {
  const codes = new Map<string, string>();
  let rest = '';
  server.child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('utf8')).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^\[sms\] \+\d+ (\d+) register code (\d{6})$/.exec(line);
      if (match) codes.set(match[1], match[2]);
    }
  });
  return codes;
}

async function codeFor(codes: Map<string, string>, phone: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (!codes.has(phone)) {
    if (Date.now() > deadline) throw new Error(`No register code for ${phone} in the server output`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return codes.get(phone) as string;
}

interface Registration {
  phone: string;
  password: string;
  startedAt: number;
  answeredAt?: number;
  status?: number;
  error?: string;
}

/** Files under `dir` whose mode is not 0700 (folders) or 0600 (files); sockets are left out. */
function looseModes(dir: string): string[] {
  const loose: string[] = [];
  const walk = (path: string) => {
    const stat = lstatSync(path);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) loose.push(`${path} ${mode.toString(8)}`);
      for (const name of readdirSync(path)) walk(join(path, name));
    } else if (stat.isFile() && mode !== 0o600) loose.push(`${path} ${mode.toString(8)}`);
  };
  walk(dir);
  return loose;
}

describe('a backup taken during registrations', () => {
  it('restores into a folder and into PostgreSQL with every account answered before it began', async () => {
    const env = { TRUST_PROXY: 'loopback' };
    const live = await startReady({ name: 'backup-live', port: BASE + 1, brand2Port: BASE + 2, dataDir: liveDir, env });
    const codes = watchCodes(live);
    const registrations: Registration[] = [];
    let outstanding = 0;
    let n = 0;
    const phases = { ticket: 0, sms: 0, code: 0 };
    const register = async (entry: Registration) => {
      const ip = clientIp(++n, 10);
      try {
        const puzzle = await ok('captcha puzzle', api<Puzzle>(live.baseUrl, '/v2/captcha/puzzle', {}, ip));
        const { ticket } = await ok(
          'captcha verify',
          api<{ ticket: string }>(
            live.baseUrl,
            '/v2/captcha/verify',
            { captchaId: puzzle.captchaId, x: gapOf(puzzle) },
            ip,
          ),
        );
        phases.ticket++;
        const sms = { phone: entry.phone, countryCode: 1, purpose: 'register', ticket };
        await ok('sendSmsCode', api(live.baseUrl, '/v2/sendSmsCode', sms, ip));
        phases.sms++;
        const code = await codeFor(codes, entry.phone);
        phases.code++;
        const answer = await api<UserInfo>(
          live.baseUrl,
          '/v2/web/register',
          registerBody(entry.phone, code, entry.password),
          ip,
        );
        entry.status = answer.status;
        if (answer.status !== 200) entry.error = JSON.stringify(answer.body);
        entry.answeredAt = performance.now();
      } catch (error) {
        entry.error = error instanceof Error ? error.message : String(error);
      }
    };
    let loading = true;
    const pending: Promise<void>[] = [];
    const load = (async () => {
      const started = performance.now();
      for (let i = 0; loading; i++) {
        const due = started + (i * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        while (outstanding >= MAX_OUTSTANDING && loading) await new Promise((resolve) => setTimeout(resolve, 5));
        if (!loading) break;
        const phone = uniquePhone('137');
        const entry: Registration = { phone, password: `backup ${phone} pass`, startedAt: performance.now() };
        registrations.push(entry);
        outstanding++;
        pending.push(register(entry).finally(() => outstanding--));
      }
    })();

    const loadStarted = performance.now();
    while (
      registrations.filter((r) => r.status === 200).length < ANSWERED_BEFORE &&
      performance.now() - loadStarted < LOAD_BEFORE_MAX_MS
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
    progress(`${registrations.length} registrations started; backing up`);
    const backupStarted = performance.now();
    const backup = await admin(['backup', backupFile], { DATA_DIR: liveDir });
    const backupEnded = performance.now();
    // The load goes on a little after the backup, then stops; registrations under way are let finish.
    await new Promise((resolve) => setTimeout(resolve, 500));
    loading = false;
    progress(`backup done (${backup.code}); ${registrations.length} started, ${outstanding} under way`);
    const watchdog = setInterval(
      () =>
        progress(`under way ${outstanding}; past the captcha ${phases.ticket}, sms ${phases.sms}, code ${phases.code}`),
      5000,
    );
    await load;
    await Promise.all(pending);
    clearInterval(watchdog);
    progress('every registration settled');
    assert.equal(backup.code, 0, backup.output);
    console.log(`# ${backup.output.trim().split('\n')[0]}`);

    const answered = registrations.filter((r) => r.status === 200);
    const before = answered.filter((r) => (r.answeredAt as number) < backupStarted);
    const during = answered.filter(
      (r) => (r.answeredAt as number) >= backupStarted && (r.answeredAt as number) <= backupEnded,
    );
    const afterwards = answered.length - before.length - during.length;
    const failed = registrations.filter((r) => r.status !== 200);
    const seconds = (performance.now() - registrations[0].startedAt) / 1000;
    console.log(
      `# registrations: ${registrations.length} started over ${seconds.toFixed(1)} s (${(registrations.length / seconds).toFixed(0)}/s offered), ` +
        `${answered.length} answered 200: ${before.length} before the backup began, ${during.length} during it ` +
        `(${Math.round(backupEnded - backupStarted)} ms, the admin command included), ${afterwards} after; ${failed.length} failed`,
    );
    assert.equal(
      failed.length,
      0,
      `failed registrations: ${failed
        .slice(0, 3)
        .map((r) => r.error)
        .join('; ')}`,
    );
    assert.ok(before.length >= 10, `only ${before.length} registrations were answered before the backup`);
    assert.ok(during.length > 0, 'no registration was answered while the backup was taken: writes were not going on');

    // The live folder and the backup are private.
    assert.deepEqual(looseModes(liveDir), []);
    assert.equal(statSync(backupFile).mode & 0o777, 0o600);
    await live.stop();
    progress('live server stopped; restoring');

    const intoFolder = await admin(['restore', backupFile], { DATA_DIR: restoredDir });
    assert.equal(intoFolder.code, 0, intoFolder.output);
    assert.deepEqual(looseModes(restoredDir), []);
    const intoPostgres = await admin(['restore', backupFile], { DATABASE_URL: restoredUrl });
    assert.equal(intoPostgres.code, 0, intoPostgres.output);
    console.log(`# restore into PostgreSQL:\n${intoPostgres.output.replace(/^/gm, '#   ')}`);
    // A second restore into the same folder is refused: it holds a database now.
    const again = await admin(['restore', backupFile], { DATA_DIR: restoredDir });
    assert.equal(again.code, 1);
    assert.match(again.output, /is not empty/);

    const fromFolder = await startReady({
      name: 'backup-folder',
      port: BASE + 3,
      brand2Port: BASE + 4,
      dataDir: restoredDir,
      env,
    });
    const fromPostgres = await startReady({
      name: 'backup-postgres',
      port: BASE + 5,
      brand2Port: BASE + 6,
      dataDir: join(folder, 'unused'),
      databaseUrl: restoredUrl,
      env,
    });
    progress('servers on the restored copies started; logging in');
    for (const server of [fromFolder, fromPostgres]) {
      let loggedIn = 0;
      const refused: string[] = [];
      let next = 0;
      // Eight at a time (each login is an argon2 verification).
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          while (next < before.length) {
            const account = before[next++];
            const login = { phone: account.phone, countryCode: 1, password: account.password };
            const answer = await api<UserInfo>(server.baseUrl, '/v2/web/userlogin', login, clientIp(next, 11));
            if (answer.status === 200 && answer.body.data?.phone) loggedIn++;
            else refused.push(`${account.phone}: ${answer.status} ${JSON.stringify(answer.body)}`);
          }
        }),
      );
      console.log(
        `# ${server.name}: ${loggedIn} of the ${before.length} accounts answered before the backup logged in`,
      );
      assert.deepEqual(refused, []);
      assert.equal(loggedIn, before.length);
    }
  });
});
