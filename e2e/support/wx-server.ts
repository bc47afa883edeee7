/**
 * A production server of a spec's own (the run's build, free ports, its own empty embedded database and log),
 * for what the run's shared server cannot do: other settings (a QR code lifetime of 10 s), and the operator's
 * command, which needs the embedded database to itself (PGlite allows one process per data folder, so the
 * server is stopped, the command runs on its folder, and a server starts again on the same folder).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ARTIFACTS_DIR } from './artifacts';
import { BASE_PORT } from './env';
import { type PortalServer, PROJECT_ROOT, startPortalServer } from './portal-server';

/** A TCP port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface OwnServer extends PortalServer {
  dataDir: string;
}

/**
 * Starts a server on two free ports with `env` on top of the usual ones. Its log is e2e/artifacts/
 * server-<the run's port>-wx.log. `dataDir` reuses a database folder (kept when the server stops); without it a new folder
 * is made, which `removeDataDir` deletes at the end.
 */
export async function startOwnServer(env: Record<string, string>, dataDir?: string): Promise<OwnServer> {
  const folder = dataDir ?? mkdtempSync(join(tmpdir(), 'portal-wx-data-'));
  const port = await freePort();
  let brand2Port = await freePort();
  while (brand2Port === port) brand2Port = await freePort();
  const server = await startPortalServer({
    port,
    brand2Port,
    // One file per run (named after the run's port, so runs side by side keep theirs), not one per start.
    logFile: join(ARTIFACTS_DIR, `server-${BASE_PORT}-wx.log`),
    env,
    dataDir: folder,
  });
  return { ...server, dataDir: folder };
}

export function removeDataDir(server: OwnServer | undefined): void {
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run admin -- <args>` on the embedded database in `dataDir`, as an operator types it. */
export function runAdmin(args: string[], dataDir: string): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'admin', '--', ...args],
      { cwd: PROJECT_ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}
