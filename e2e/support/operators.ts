/**
 * Console operators for the browser journeys, added to a running test server's data folder through
 * `npm run admin -- operator add` (the password on standard input, the TOTP secret read from its `totp-secret:`
 * line), with the TOTP to sign in with.
 */
import { execFile } from 'node:child_process';
import { TOTP } from 'otpauth';
import { PROJECT_ROOT, TEST_DIST } from './portal-server';

export interface Operator {
  name: string;
  password: string;
  totp: TOTP;
}

export interface NewOperator {
  /** The running server's data folder (the command reaches its database through the server's control socket). */
  dataDir: string;
  name: string;
  password: string;
  role: 'owner' | 'editor';
}

/**
 * Runs the command without blocking this process (a synchronous spawn would leave the keep-alive sockets of
 * earlier fetches to be reused after the server closed them: "fetch failed").
 */
export function addOperator({ dataDir, name, password, role }: NewOperator): Promise<Operator> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/admin.ts', 'operator', 'add', '--name', name, '--role', role],
      { cwd: PROJECT_ROOT, env: { ...process.env, DATA_DIR: dataDir, PORTAL_DIST: TEST_DIST }, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const secret = /^totp-secret: ([A-Z2-7]+=*)\s*$/m.exec(stdout)?.[1];
        if (!secret) {
          const status = error && 'code' in error ? error.code : 0;
          reject(new Error(`operator add printed no totp-secret (exit ${status}): ${stdout}${stderr}`));
          return;
        }
        resolve({ name, password, totp: new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }) });
      },
    );
    child.stdin?.end(`${password}\n`);
  });
}

/**
 * `addOperator` once the server has opened its database (it answers its health check meanwhile; a first start
 * takes a few seconds): before the server listens on its control socket, the command finds the database folder
 * taken. Tried again each second for a minute.
 */
export async function addOperatorWhenReady(operator: NewOperator): Promise<Operator> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      return await addOperator(operator);
    } catch (error) {
      const early = /no database|control socket|Could not reach|in use by another server/.test(String(error));
      if (Date.now() > deadline || !early) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
