/**
 * A private PostgreSQL for the cluster, crash and load scripts: `initdb` into a temporary folder, one server on
 * a loopback port of the caller's, trust authentication for the role `portal`, stopped and removed at the end.
 * Being its own, it can be stopped and started again (the crash test's "database down"). Uses the binaries of
 * the newest PostgreSQL under /usr/lib/postgresql (Debian's packages) or POSTGRES_BIN; as root, runs them as the
 * `postgres` user (PostgreSQL refuses to run as root).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PrivatePostgres {
  port: number;
  /** A connection string for `database` (created with `createDatabase`). */
  url(database: string): string;
  createDatabase(name: string): Promise<string>;
  start(): void;
  stop(): void;
  /** Freezes (SIGSTOP) or thaws (SIGCONT) the server and its backends: a database that accepts but never answers. */
  pause(): void;
  resume(): void;
  /** Stops the server and removes its folder. */
  remove(): void;
}

export function postgresBin(): string | undefined {
  if (process.env.POSTGRES_BIN) return process.env.POSTGRES_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin/initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}

function postgresIds(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

export function startPrivatePostgres(port: number): PrivatePostgres {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql, or set POSTGRES_BIN).');
  const root = process.getuid?.() === 0;
  const folder = mkdtempSync(join(tmpdir(), 'portal-pg-'));
  const dataDir = join(folder, 'data');
  if (root) {
    const { uid, gid } = postgresIds();
    chownSync(folder, uid, gid);
  }
  const run = (program: string, args: string[]) => {
    const command = join(bin, program);
    const [file, fileArgs] = root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    return execFileSync(file, fileArgs, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
  };
  run('initdb', ['-D', dataDir, '-U', 'portal', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C.UTF-8']);
  // Loopback only; the socket in the folder; no fsync (the tests kill the portal, never this server's machine).
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () => {
    run('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(folder, 'postgres.log'), '-w', '-t', '30', 'start']);
  };
  const stop = () => {
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
    } catch {
      // Not running.
    }
  };
  start();
  /** The postmaster (first line of postmaster.pid) and its children, by pid. */
  const pids = (): number[] => {
    const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((pid) => pid > 0);
    return [postmaster, ...children];
  };
  const signal = (name: NodeJS.Signals) => {
    let list: number[];
    try {
      list = pids();
    } catch {
      return; // Not running.
    }
    for (const pid of list) {
      try {
        process.kill(pid, name);
      } catch {
        // Gone meanwhile.
      }
    }
  };
  const url = (database: string) => `postgres://portal@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      run('psql', [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'portal',
        '-d',
        'postgres',
        '-qc',
        `create database "${name}"`,
      ]);
      return url(name);
    },
    start,
    stop,
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
    remove() {
      signal('SIGCONT');
      stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
