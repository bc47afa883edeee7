/**
 * Server processes for the cluster, crash and load scripts (npm run test:cluster, npm run bench:load). Every
 * server these scripts start goes through `serverCommand()`: the one place that says how the portal is run, so
 * every one runs the compiled entry (`node <dist>/server/main.js`), exactly what a deployment runs.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, createWriteStream, mkdirSync, openSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** The build the servers serve (its own folder, like the browser tests; E2E_DIST or CLUSTER_DIST picks another). */
export const CLUSTER_DIST = process.env.CLUSTER_DIST ?? process.env.E2E_DIST ?? 'dist-e2e';
export const ARTIFACTS = join(PROJECT_ROOT, 'e2e/artifacts');

/** How a portal server process is started (from the project root): the compiled entry, as in production. */
export function serverCommand(): { command: string; args: string[] } {
  // SERVER_NODE_ARGS: extra Node flags for every server started here (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const extra = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return { command: process.execPath, args: [...extra, join(CLUSTER_DIST, 'server/main.js')] };
}

export function portAnswers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The status of one GET on a connection of its own, or 0 (no answer within `ms`, refused, reset). A plain
 * request with its own timer: a `fetch` bounded by `AbortSignal.timeout` was seen never to settle while a server
 * started (the test process idle in epoll, no connection open), which hung a whole run.
 */
export function statusOf(url: string, ms: number): Promise<number> {
  return new Promise((resolve) => {
    const req = get(url, { agent: false }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
      res.once('error', () => resolve(0));
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve(0);
    }, ms);
    req.once('close', () => clearTimeout(timer));
    req.once('error', () => resolve(0));
  });
}

export interface ServerOptions {
  /** A short name for messages and the log file (e2e/artifacts/cluster-<name>.log). */
  name: string;
  port: number;
  brand2Port: number;
  /** PostgreSQL; without it the embedded database in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  env?: Record<string, string>;
  /** Resolve once this answers 200 (default /api/health); `null`: do not wait. */
  waitFor?: string | null;
  timeoutMs?: number;
  /**
   * Write the output only to the log file (read back on demand), not also into memory through a pipe: for long
   * runs (the load bench), where the request log grows large.
   */
  fileOnly?: boolean;
}

export interface ServerProcess {
  name: string;
  port: number;
  baseUrl: string;
  pid: number;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** The newest SMS code the built-in sink logged for this phone and purpose (`[sms] +86 … register code 123456`). */
  smsCode(phone: string, purpose: string): string | undefined;
  /** Request log lines (JSON) the process wrote, parsed. */
  requests(): { method: string; path: string; status: number }[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  isRunning(): boolean;
  /** SIGTERM, then SIGKILL after 20 s (more than the default drain and timeout); resolves once it is gone. */
  stop(): Promise<void>;
  kill(signal: NodeJS.Signals): void;
}

/** Starts a production server with the given database; rejects when it exits or does not answer in time. */
export async function startServer(options: ServerOptions): Promise<ServerProcess> {
  const { name, port, brand2Port, timeoutMs = 60_000 } = options;
  for (const p of [port, brand2Port])
    if (await portAnswers(p)) throw new Error(`Port ${p} is already in use: stop whatever listens there first.`);
  mkdirSync(ARTIFACTS, { recursive: true });
  const logFile = join(ARTIFACTS, `cluster-${name}.log`);
  const fileOnly = options.fileOnly ?? false;
  const fd = fileOnly ? openSync(logFile, 'w') : undefined;
  const file = createWriteStream(logFile, fileOnly ? { fd: openSync(logFile, 'a') } : { flags: 'a' });
  const { command, args } = serverCommand();
  const child = spawn(command, args, {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORTAL_DIST: CLUSTER_DIST,
      PORT: String(port),
      BRAND2_PORT: String(brand2Port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      // The cluster runs play WeChat with the simulator and read codes from the SMS sink: stand-ins asked for.
      STANDINS: '1',
      WX_PROVIDER: 'simulator',
      WX_SIMULATOR_URL: '',
      WX_SIMULATOR_URL_2: '',
      // These runs send far more codes to one country in an hour than a new site's SMS budget allows (the budgets
      // are tested in server/hostile/sms.test.ts); the per-phone and per-address limits stay.
      SMS_BUDGET_TOTAL: '1000000/1000000',
      SMS_BUDGET_COUNTRY: '1000000/1000000',
      SMS_BUDGET_COUNTRIES: '86=1000000/1000000',
      ...options.env,
    },
    stdio: fd === undefined ? ['ignore', 'pipe', 'pipe'] : ['ignore', fd, fd],
  });
  if (fd !== undefined) closeSync(fd);
  let text = '';
  const output = () => (fileOnly ? readFileSync(logFile, 'utf8') : text);
  const take = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    file.write(chunk);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running = false;
      file.write(`\n[cluster] ${name} exited with ${signal ? `signal ${signal}` : `code ${code}`}\n`);
      resolve({ code, signal });
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    name,
    port,
    baseUrl,
    pid: child.pid ?? 0,
    child,
    output,
    smsCode(phone, purpose) {
      const text = output();
      const line = new RegExp(`^\\[sms\\] \\+\\d+ ${phone} ${purpose} code (\\d{6})$`, 'gm');
      return [...text.matchAll(line)].at(-1)?.[1];
    },
    requests() {
      const lines: { method: string; path: string; status: number }[] = [];
      for (const line of output().split('\n')) {
        if (!line.startsWith('{') || !line.includes('"method"')) continue;
        try {
          const event = JSON.parse(line) as { method?: string; path?: string; status?: number };
          if (event.method && event.path && event.status)
            lines.push({ method: event.method, path: event.path, status: event.status });
        } catch {
          // Not a JSON line.
        }
      }
      return lines;
    },
    exited,
    isRunning: () => running,
    kill(signal) {
      if (running) child.kill(signal);
    },
    async stop() {
      if (running) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(timer);
      }
      await new Promise<void>((resolve) => file.end(resolve));
    },
  };
  if (options.waitFor === null) return server;
  const path = options.waitFor ?? '/api/health';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && running) {
    if ((await statusOf(`${baseUrl}${path}`, 2000)) === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await server.stop();
  throw new Error(`Server ${name} did not answer ${baseUrl}${path} in time: see ${logFile}\n${output().slice(-2000)}`);
}
