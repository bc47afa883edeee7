/**
 * `npm run test:e2e`: the browser tests against the real production server.
 *
 * Checks that Chromium, Firefox ESR and WebKitGTK are installed, builds into dist-e2e/ when that build is stale
 * (never touching the dist/ of `npm start`), starts the server on 5030 (brand 1) and 5031 (brand 2) (`E2E_PORT`
 * and `E2E_DIST` change the port and build folder), runs e2e/specs/*.spec.ts with Node's test runner (one file at
 * a time, TAP output ending with its `# pass` / `# fail` lines), then the critical journeys in the three engines
 * (e2e/engines/*.journeys.ts) against a fresh server on the same ports whose per-address limits are lifted
 * (NODE_ENV=bench, BENCH_UNLIMITED=1: the journeys type into the login form a hundred times from one address;
 * see docs/decisions/027-three-engine-journeys.md), stops the server whatever happens and exits 1 when either run failed.
 *
 * `npm run test:e2e -- layers video` runs only the spec files whose names contain one of the words
 * (`-- journeys` the three engines' journeys only, `-- webkit` one engine's).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBrowser, ensureEngines } from '../scripts/ensure-browser';
import { ARTIFACTS_DIR } from './support/artifacts';
import { buildIfStale, type PortalServer, PROJECT_ROOT, startPortalServer, TEST_DIST } from './support/portal-server';

// E2E_PORT and E2E_DIST let two runs (say, two developers' worktrees on one machine) go side by side.
const PORT = Number(process.env.E2E_PORT ?? 5030);
const BRAND2_PORT = PORT + 1;

ensureBrowser();

const filters = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const pick = (folder: string, suffix: string) =>
  readdirSync(join(PROJECT_ROOT, folder))
    .filter((name) => name.endsWith(suffix))
    .filter((name) => filters.length === 0 || filters.some((word) => name.includes(word)))
    .sort()
    .map((name) => join(folder, name));
const specs = pick('e2e/specs', '.spec.ts');
const journeys = pick('e2e/engines', '.journeys.ts');
if (journeys.length) ensureEngines();
if (specs.length === 0 && journeys.length === 0) {
  console.error(`No spec file matches ${filters.join(', ')}.`);
  process.exit(1);
}

// Screenshots of an earlier run would pass for failures of this one.
mkdirSync(ARTIFACTS_DIR, { recursive: true });
for (const name of readdirSync(ARTIFACTS_DIR).filter((file) => file.endsWith('.png'))) {
  rmSync(join(ARTIFACTS_DIR, name));
}

let server: PortalServer | undefined;
let exitCode = 1;
const stopServer = async () => {
  const running = server;
  server = undefined;
  await running?.stop();
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopServer().finally(() => process.exit(130));
  });
}

/** Runs test files with Node's test runner against the running server; resolves with its exit code. */
function runTests(files: string[], running: PortalServer): Promise<number> {
  const runner = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=1',
      '--test-reporter=tap',
      // E2E_ONLY=words: only the tests whose name matches (a regular expression, as node --test-name-pattern).
      ...(process.env.E2E_ONLY ? [`--test-name-pattern=${process.env.E2E_ONLY}`] : []),
      ...files,
    ],
    {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        E2E_BASE_URL: running.baseUrl,
        E2E_BRAND2_URL: running.brand2Url,
        E2E_SERVER_LOG: running.logFile,
      },
      stdio: 'inherit',
    },
  );
  return new Promise<number>((resolve) => runner.once('exit', (code) => resolve(code ?? 1)));
}

try {
  await buildIfStale(TEST_DIST);
  let specsCode = 0;
  if (specs.length) {
    server = await startPortalServer({
      port: PORT,
      brand2Port: BRAND2_PORT,
      distDir: TEST_DIST,
      // Runs on other ports (E2E_PORT) keep their own log: the accounts specs read SMS codes from it.
      logFile: join(ARTIFACTS_DIR, process.env.E2E_PORT ? `server-${PORT}.log` : 'server.log'),
      // The API fixtures (e2e/support/accounts-api.ts) say their own address, as a proxy would; the browser's
      // requests carry no X-Forwarded-For and count against 127.0.0.1 as before.
      env: { TRUST_PROXY: 'loopback' },
    });
    console.log(`Server: ${server.baseUrl} (brand 1), ${server.brand2Url} (brand 2); log in ${server.logFile}`);
    specsCode = await runTests(specs, server);
    await stopServer();
  }
  let journeysCode = 0;
  if (journeys.length) {
    // A server of its own: an empty database, and no per-address limits (production's code otherwise).
    server = await startPortalServer({
      port: PORT,
      brand2Port: BRAND2_PORT,
      distDir: TEST_DIST,
      logFile: join(ARTIFACTS_DIR, `server-journeys-${PORT}.log`),
      // No SMS budget either (SMS_BUDGET_*): the journeys may send more codes to China in an hour than a new site's.
      env: {
        NODE_ENV: 'bench',
        BENCH_UNLIMITED: '1',
        SMS_BUDGET_TOTAL: '100000/100000',
        SMS_BUDGET_COUNTRIES: '86=100000/100000',
      },
    });
    console.log(`Journeys server: ${server.baseUrl}; log in ${server.logFile}`);
    journeysCode = await runTests(journeys, server);
  }
  exitCode = specsCode || journeysCode;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await stopServer();
}
process.exit(exitCode);
