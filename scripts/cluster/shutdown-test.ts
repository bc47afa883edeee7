/**
 * `npm run test:cluster` (part 3): a SIGTERM loses no request (docs/decisions/029-zero-drop-restarts.md). The
 * compiled server on PostgreSQL gets a burst of 60 concurrent uncached requests (pages never rendered before, the
 * college list from the database) on fresh connections, and SIGTERM at one of 20 moments, from before the burst
 * to well after it began; a second wave arrives after the drain. Every request whose TCP connection was
 * established must get a complete answer; what comes after the drain must be refused (never reset); the process
 * exits 0 within drain + timeout. Then the same signal through `npm run serve` reaches the server.
 * Prints established / answered / reset / refused per moment and in total. Ports: SHUTDOWN_PORT (default 5230)
 * and the next two.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type PrivatePostgres, startPrivatePostgres } from './postgres';
import { CLUSTER_DIST, PROJECT_ROOT, portAnswers, startServer } from './server';

const BASE = Number(process.env.SHUTDOWN_PORT ?? 5230);
const MOMENTS = Number(process.env.SHUTDOWN_MOMENTS ?? 20);
const BURST = 60;
const DRAIN_MS = 1000;
const TIMEOUT_MS = 10_000;
const env = { SHUTDOWN_DRAIN_MS: String(DRAIN_MS), SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS) };

let postgres: PrivatePostgres;
let url: string;
const dataDir = mkdtempSync(join(tmpdir(), 'portal-shutdown-'));

before(async () => {
  postgres = startPrivatePostgres(BASE);
  url = await postgres.createDatabase(`shutdown_${Date.now()}`);
});

after(() => {
  postgres?.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

type Outcome = 'answered' | 'reset' | 'refused' | 'incomplete';

/** One GET on a connection of its own: whether the connection was established, and how it ended. */
interface ProbeResult {
  path: string;
  established: boolean;
  outcome: Outcome;
  detail?: string;
  ms: number;
}

function probe(port: number, path: string): Promise<ProbeResult> {
  const started = performance.now();
  return new Promise((done) => {
    const resolve = (result: Omit<ProbeResult, 'path' | 'ms'>) =>
      done({ ...result, path, ms: Math.round(performance.now() - started) });
    let established = false;
    const req = request({ host: '127.0.0.1', port, path, agent: false, headers: { 'Accept-Language': 'zh-CN' } });
    req.on('socket', (socket) => socket.once('connect', () => (established = true)));
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => {
        // Complete: the status the page or call has, and the whole document.
        const complete =
          res.statusCode === 200 && (path.startsWith('/api/') ? body.endsWith('}') : body.includes('</html>'));
        resolve({ established, outcome: complete ? 'answered' : 'incomplete', detail: `${res.statusCode}` });
      });
      res.on('error', (error) => resolve({ established, outcome: 'reset', detail: error.message }));
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ established, outcome: established ? 'reset' : 'refused', detail: error.code }),
    );
    req.setTimeout(20_000, () => req.destroy(new Error('timeout')));
    req.end();
  });
}

let unique = 0;
/** Uncached requests: pages with a query string never seen (the HTML cache keys on it), and a database read. */
const paths = () =>
  Array.from({ length: BURST }, (_, i) => {
    unique++;
    return [
      `/?s=${unique}`,
      `/en/login?s=${unique}`,
      `/business-college?s=${unique}`,
      '/api/v2/college/articles?lang=zh',
    ][i % 4];
  });

/** The processes below `pid`, by pid. */
function processTree(pid: number): number[] {
  let list = '';
  try {
    list = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch {
    // No children (ps exits 1).
  }
  const children = list
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((child) => child > 0);
  return children.flatMap((child) => [child, ...processTree(child)]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SIGTERM during bursts of requests', () => {
  it(`answers every request whose connection was established, at ${MOMENTS} moments, and exits 0`, async () => {
    const totals = { established: 0, answered: 0, reset: 0, refused: 0, incomplete: 0 };
    const lines: string[] = [];
    const failures: string[] = [];
    for (let moment = 0; moment < MOMENTS; moment++) {
      // From 100 ms before the burst to 470 ms into it (rendering 60 pages takes longer than that).
      const offset = -100 + moment * 30;
      const server = await startServer({
        name: `shutdown-${moment}`,
        port: BASE + 1,
        brand2Port: BASE + 2,
        databaseUrl: url,
        dataDir,
        env,
        waitFor: '/api/ready',
      });
      let signalled = 0;
      const signal = () => {
        signalled = performance.now();
        server.kill('SIGTERM');
      };
      if (offset < 0) {
        signal();
        await sleep(-offset);
      }
      const burst = paths().map((path) => probe(server.port, path));
      if (offset >= 0) {
        await sleep(offset);
        signal();
      }
      // A second wave once the server says its listener is closed: refused (never established, so a proxy
      // resends it).
      while (!server.output().includes('No longer accepting connections') && server.isRunning()) await sleep(5);
      const late = await Promise.all(
        paths()
          .slice(0, 10)
          .map((path) => probe(server.port, path)),
      );
      const results = [...(await Promise.all(burst)), ...late];
      const exit = await server.exited;
      const exitMs = performance.now() - signalled;
      await server.stop();
      const count = { established: 0, answered: 0, reset: 0, refused: 0, incomplete: 0 };
      for (const result of results) {
        if (result.established) count.established++;
        count[result.outcome]++;
      }
      for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += count[key];
      lines.push(
        `  SIGTERM at ${String(offset).padStart(4)} ms: ${count.established} established, ${count.answered} answered, ` +
          `${count.reset} reset, ${count.incomplete} incomplete, ${count.refused} refused; exit ${exit.code} after ${Math.round(exitMs)} ms`,
      );
      if (count.answered !== count.established || count.reset || count.incomplete)
        failures.push(
          `at ${offset} ms: ${results
            .filter((result) => result.established && result.outcome !== 'answered')
            .map((result) => `${result.outcome} ${result.detail} ${result.path} after ${result.ms} ms`)
            .join(', ')}`,
        );
      if (exit.code !== 0) failures.push(`at ${offset} ms: exit ${exit.code ?? exit.signal}`);
      if (exitMs > DRAIN_MS + TIMEOUT_MS) failures.push(`at ${offset} ms: exited after ${Math.round(exitMs)} ms`);
      // The whole burst came during the drain or before it: every one of its connections was established.
      if (results.slice(0, BURST).some((result) => !result.established))
        failures.push(`at ${offset} ms: a burst request was refused during the drain`);
      if (late.some((result) => result.established)) failures.push(`at ${offset} ms: the listener was still open`);
    }
    console.log(
      `\nShutdown figures (${MOMENTS} SIGTERMs, bursts of ${BURST} uncached requests + 10 after the drain):\n${lines.join('\n')}\n` +
        `  total: ${totals.established} established, ${totals.answered} answered, ${totals.reset} reset, ` +
        `${totals.incomplete} incomplete, ${totals.refused} refused (after the drain)`,
    );
    assert.deepEqual(failures, []);
    assert.equal(totals.answered, totals.established);
  });

  it('`npm run serve` hands SIGTERM to the server, which drains and exits 0', async () => {
    const port = BASE + 1;
    assert.equal(await portAnswers(port), false, `port ${port} is free`);
    const child = spawn('npm', ['run', '-s', 'serve'], {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        ...env,
        NODE_ENV: 'production',
        STANDINS: '1',
        PORTAL_DIST: CLUSTER_DIST,
        PORT: String(port),
        BRAND2_PORT: String(BASE + 2),
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        DATA_DIR: dataDir,
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let descendants: number[] = [];
    try {
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && !(await portAnswers(port))) await sleep(150);
      assert.ok(await portAnswers(port), 'the server answers');
      // The server under npm (npm, then `sh -c` unless the script execs): ended below if npm leaves it running.
      descendants = processTree(child.pid ?? 0);
      const signalled = performance.now();
      child.kill('SIGTERM'); // npm's own pid, as an operator or a process manager would signal it
      const during = await probe(port, '/?during-drain');
      assert.equal(during.outcome, 'answered', 'still answering during the drain');
      const code = await Promise.race([exited, sleep(DRAIN_MS + TIMEOUT_MS + 3000).then(() => 'late')]);
      assert.equal(code, 0, `npm exited ${code} after ${Math.round(performance.now() - signalled)} ms`);
      assert.equal(await portAnswers(port), false, 'the server is gone with npm');
    } finally {
      child.kill('SIGKILL');
      for (const pid of descendants) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
    }
  });
});
