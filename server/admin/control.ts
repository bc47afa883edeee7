/**
 * The running server's control socket (mode 0600, in its data folder), so `npm run admin` works while the server
 * holds the embedded database: one JSON line of arguments in, what the command printed and its exit code out.
 */
import { chmodSync, existsSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import type { Database } from '../db/database';
import { SIZE_LIMITS } from '../limits/rules';
import { log } from '../ops/log';
import { main } from './commands';

/** Longest Unix socket path every platform accepts (Linux allows 107 bytes, macOS 103). */
const MAX_SOCKET_PATH = 100;
const MAX_REQUEST_BYTES = SIZE_LIMITS.adminRequest;

export function adminSocketPath(dataDir: string): string {
  return join(dataDir, 'portal-admin.sock');
}

export interface AdminReply {
  code: number;
  out: string[];
  err: string[];
}

/** The request: the arguments, and what the command was given on standard input (operator add's password). */
function parseRequest(line: string): { args: string[]; stdin?: string } | null {
  try {
    const request = JSON.parse(line) as { args?: unknown; stdin?: unknown };
    const { args, stdin } = request;
    if (stdin !== undefined && typeof stdin !== 'string') return null;
    return Array.isArray(args) && args.every((arg) => typeof arg === 'string') ? { args, stdin } : null;
  } catch {
    return null;
  }
}

/**
 * Listens on `socketPath` and runs each request's command on `db`. Resolves to a function that stops listening
 * and removes the socket, or to null (with a warning) when the path is too long for a socket.
 */
export async function startAdminControl(
  db: Database,
  socketPath: string,
  now: () => Date = () => new Date(),
): Promise<(() => Promise<void>) | null> {
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    log.warn(`[admin] ${socketPath} is too long for a socket: run npm run admin only while the server is stopped.`);
    return null;
  }
  // A socket left by a server that stopped abruptly: this server holds the database now.
  if (existsSync(socketPath)) rmSync(socketPath, { force: true });
  const server = createServer((socket) => {
    let buffered = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      if (buffered.length > MAX_REQUEST_BYTES) {
        socket.end(`${JSON.stringify({ code: 1, out: [], err: ['The request is too long.'] })}\n`);
        return;
      }
      const end = buffered.indexOf('\n');
      if (end < 0) return;
      socket.pause();
      const request = parseRequest(buffered.slice(0, end));
      const reply: AdminReply = { code: 1, out: [], err: [] };
      const done = () => socket.end(`${JSON.stringify(reply)}\n`);
      if (!request) {
        reply.err.push('The request is not a list of arguments.');
        done();
        return;
      }
      const { args, stdin } = request;
      main(args, { db, now, stdin, out: (line) => reply.out.push(line), err: (line) => reply.err.push(line) })
        .then((code) => {
          reply.code = code;
          if (code === 0) log.info(`[admin] npm run admin -- ${args.join(' ')}`);
        })
        .catch((error: unknown) => {
          reply.err.push(`The command failed: ${error instanceof Error ? error.message : String(error)}`);
        })
        .finally(done);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  server.unref();
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(socketPath, { force: true });
    });
}

/** Sends a command to a running server; null when no server listens on the socket. */
export function askServer(
  socketPath: string,
  args: string[],
  timeoutMs = 60_000,
  stdin?: string,
): Promise<AdminReply | null> {
  if (!existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let answer = '';
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error('The server did not answer the command in time.'));
    });
    socket.once('connect', () => socket.write(`${JSON.stringify({ args, stdin })}\n`));
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.once('end', () => {
      try {
        resolve(JSON.parse(answer) as AdminReply);
      } catch {
        reject(new Error('The server gave an answer the command cannot read.'));
      }
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      // A socket file without a server behind it (the server stopped abruptly): run the command here instead.
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(null);
      else reject(error);
    });
  });
}
