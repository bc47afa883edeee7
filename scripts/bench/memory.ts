/**
 * `npx tsx scripts/bench/memory.ts` (part of `npm run bench`): the resident memory of one compiled server process
 * (`node dist-e2e/server/main.js`, what production runs), with the embedded PGlite and with PostgreSQL.
 *
 * For each database (PGlite on a new folder, PGlite restarted on that folder, PostgreSQL): starts the server on MEMORY_BENCH_PORT (default 5140) and the next port, reads its resident
 * set size (VmRSS in /proc) once it answers, then after a few requests of each kind (the two home pages, a college
 * page, health and readiness, a wrong-password login) and 3 s idle, and its peak (VmHWM); prints a table with the
 * goal for PostgreSQL (at most 150 MB). PostgreSQL comes from BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * scripts/test-postgres.sh (the local cluster); a database of its own is created and dropped. Without one, the
 * PostgreSQL row says so. A measurement, not a test: it exits 0 and marks a row over its goal "OVER GOAL".
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildIfStale, PROJECT_ROOT, startPortalServer, TEST_DIST } from '../../e2e/support/portal-server';

const PORT = Number(process.env.MEMORY_BENCH_PORT ?? 5140);
const MB = 1024 * 1024;
export const POSTGRES_GOAL_BYTES = 150 * MB;

/** VmRSS and VmHWM of a process, in bytes. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function exercise(baseUrl: string) {
  const paths = ['/', '/en', '/business-college', '/en/business-college', '/api/health', '/api/ready'];
  for (let round = 0; round < 5; round++) {
    for (const path of paths) await (await fetch(`${baseUrl}${path}`)).arrayBuffer();
    const login = await fetch(`${baseUrl}/api/v2/web/userlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ phone: '13800138000', countryCode: 1, password: 'not the password' }),
    });
    const answer = (await login.json()) as { code: number };
    // Wrong phone or password, or (on a restart, the limits counted on) too many attempts.
    if (answer.code !== 40003 && answer.code !== 429)
      throw new Error(`The wrong-password login answered ${JSON.stringify(answer)}`);
  }
}

function postgresUrl(): string {
  const given = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (given) return given;
  try {
    return execFileSync('bash', [join(PROJECT_ROOT, 'scripts/test-postgres.sh')], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

interface Row {
  database: string;
  started?: number;
  idle?: number;
  peak?: number;
  goal?: number;
  note?: string;
}

async function measure(database: string, env: Record<string, string>, dataDir?: string): Promise<Row> {
  const server = await startPortalServer({
    dataDir,
    port: PORT,
    brand2Port: PORT + 1,
    distDir: TEST_DIST,
    logFile: join(PROJECT_ROOT, `e2e/artifacts/bench-memory-${database.replace(/\W+/g, '-').toLowerCase()}.log`),
    env,
  });
  try {
    await sleep(1000);
    const started = memoryOf(server.pid).rss;
    await exercise(server.baseUrl);
    await sleep(3000);
    const { rss, peak } = memoryOf(server.pid);
    return { database, started, idle: rss, peak };
  } finally {
    await server.stop();
  }
}

await buildIfStale(TEST_DIST);
// PGlite twice on one folder: the first start creates the database (initdb), a restart only opens it.
const pgliteDir = mkdtempSync(join(tmpdir(), 'portal-bench-memory-'));
const rows: Row[] = [];
try {
  rows.push(await measure('PGlite, new folder', {}, pgliteDir));
  rows.push(await measure('PGlite, restarted', {}, pgliteDir));
} finally {
  rmSync(pgliteDir, { recursive: true, force: true });
}

const serverUrl = postgresUrl();
if (serverUrl) {
  const name = `portal_bench_memory_${randomBytes(4).toString('hex')}`;
  await withAdmin(serverUrl, (client) => client.query(`create database ${name}`));
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    rows.push({ ...(await measure('PostgreSQL', { DATABASE_URL: url.toString() })), goal: POSTGRES_GOAL_BYTES });
  } finally {
    await withAdmin(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  }
} else {
  rows.push({ database: 'PostgreSQL', note: 'not measured: no PostgreSQL (set BENCH_DATABASE_URL)' });
}

const mb = (bytes?: number) => (bytes === undefined ? '-' : `${(bytes / MB).toFixed(0)} MB`);
const headers = ['database', 'RSS after start', 'RSS idle after requests', 'peak RSS', 'goal', 'verdict'];
const table = rows.map((row) => [
  row.database,
  mb(row.started),
  row.note ?? mb(row.idle),
  mb(row.peak),
  row.goal ? `≤ ${mb(row.goal)}` : '-',
  row.goal && row.idle !== undefined ? (row.idle <= row.goal ? 'ok' : 'OVER GOAL') : '-',
]);
const widths = headers.map((header, i) => Math.max(header.length, ...table.map((row) => row[i].length)));
const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
console.log(`\nResident memory of one compiled server process (node ${TEST_DIST}/server/main.js, 1 MB = 1024 kB)\n`);
console.log(line(headers));
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of table) console.log(line(row));
console.log(`\nCommand: npx tsx scripts/bench/memory.ts (MEMORY_BENCH_PORT=${PORT}, E2E_DIST=${TEST_DIST})`);
