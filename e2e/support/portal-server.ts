/**
 * Builds the site into a folder of its own (never the `dist/` that `npm start` serves) when that build is
 * stale, and runs the production server from it as a child process. Shared by the browser tests and the
 * benchmark, which use different ports so both can run beside a developer's server.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsFresh } from '../../scripts/lib/build-stamp.mjs';

export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const TEST_DIST = process.env.E2E_DIST ?? 'dist-e2e';

/**
 * Builds into `distDir` unless its stamp matches the inputs (waiting for a build of it already running, see
 * scripts/build.ts); returns whether it had to build or wait.
 */
export async function buildIfStale(distDir = TEST_DIST): Promise<boolean> {
  if (buildIsFresh(distDir, PROJECT_ROOT)) return false;
  console.log(`Building the site into ${distDir}/ (missing or out of date)…`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--if-stale'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORTAL_DIST: distDir },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`The build into ${distDir}/ failed (exit ${result.status}).`);
  return true;
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface PortalServer {
  /** The server's process id (for the memory bench). */
  pid: number;
  baseUrl: string;
  brand2Url: string;
  logFile: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  port: number;
  brand2Port: number;
  distDir?: string;
  /** Where the server's output goes (kept out of the test output). */
  logFile: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /**
   * The embedded database's folder, kept when the server stops (say, for a command run on it between two
   * servers). Default: a new empty folder, removed when the server stops.
   */
  dataDir?: string;
}

/**
 * Starts the compiled server of `distDir` (`node <distDir>/server/main.js`, exactly what production runs) and
 * resolves once GET /api/health answers 200.
 */
export async function startPortalServer(options: StartOptions): Promise<PortalServer> {
  const { port, brand2Port, distDir = TEST_DIST, logFile, timeoutMs = 30_000 } = options;
  for (const p of [port, brand2Port]) {
    // A server already on the port would answer the health check and the tests would run against it.
    if (await portAnswers(p)) throw new Error(`Port ${p} is already in use: stop whatever listens there first.`);
  }
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  // Every run starts with an empty embedded database of its own, removed when the server stops.
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'portal-data-'));
  const child: ChildProcess = spawn(process.execPath, [join(distDir, 'server/main.js')], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORTAL_DIST: distDir,
      PORT: String(port),
      BRAND2_PORT: String(brand2Port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The tests play WeChat with the built-in simulator at this server's own address, whatever the shell says,
      // and read SMS codes from the built-in sink: the stand-ins are asked for.
      STANDINS: '1',
      WX_PROVIDER: 'simulator',
      WX_SIMULATOR_URL: '',
      WX_SIMULATOR_URL_2: '',
      // No proxy in front: a stop need not drain (server/ops/shutdown.ts).
      SHUTDOWN_DRAIN_MS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  let exited = false;
  let stopping = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      log.write(`\n[portal-server] the server process exited with ${how}\n`);
      // Said at once (on stderr), so a run whose server died is not mistaken for broken features.
      if (!stopping) console.error(`# The server on port ${port} exited with ${how} during the run: see ${logFile}`);
      resolve();
    }),
  );

  const stop = async () => {
    stopping = true;
    if (!exited) {
      child.kill('SIGTERM');
      const killTimer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exitedPromise;
      clearTimeout(killTimer);
    }
    await new Promise<void>((resolve) => log.end(resolve));
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok)
        return { pid: child.pid as number, baseUrl, brand2Url: `http://localhost:${brand2Port}`, logFile, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`The server did not answer ${baseUrl}/api/health within ${timeoutMs / 1000} s: see ${logFile}`);
}
