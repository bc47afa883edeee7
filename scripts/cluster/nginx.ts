/**
 * A round-robin nginx on loopback in front of several portal processes, as a deployment's proxy would be: its
 * own config, pid and temporary files in a temporary folder, `daemon off` (a child of this process, ended by
 * `stop`). It sets X-Forwarded-For (appending the client) and X-Forwarded-Proto, so servers started with
 * TRUST_PROXY=loopback see the client, not the proxy. Failed requests are never retried on the other server
 * (proxy_next_upstream off), so every request reaches exactly one process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { portAnswers } from './server';

export interface ProxyPort {
  /** The port nginx listens on (127.0.0.1). */
  listen: number;
  /** The servers' ports it sends requests to, in turn. */
  upstreams: number[];
}

export interface Nginx {
  stop(): Promise<void>;
  errorLog(): string;
}

export function nginxConfig(folder: string, ports: ProxyPort[], runAsRoot: boolean): string {
  const servers = ports
    .map(
      (entry, i) => `
  upstream portal${i} {
${entry.upstreams.map((port) => `    server 127.0.0.1:${port} max_fails=0;`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${entry.listen};
    location / {
      proxy_pass http://portal${i};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream off;
      proxy_read_timeout 30s;
    }
  }`,
    )
    .join('\n');
  return `${runAsRoot ? 'user root;\n' : ''}daemon off;
worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
${servers}
}
`;
}

export async function startNginx(ports: ProxyPort[]): Promise<Nginx> {
  for (const entry of ports)
    if (await portAnswers(entry.listen)) throw new Error(`Port ${entry.listen} is already in use.`);
  const folder = mkdtempSync(join(tmpdir(), 'portal-nginx-'));
  mkdirSync(join(folder, 'logs'));
  const config = join(folder, 'nginx.conf');
  writeFileSync(config, nginxConfig(folder, ports, process.getuid?.() === 0));
  let stderr = '';
  // Debian puts nginx in /usr/sbin, which is not on every user's PATH.
  const program = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
  const child: ChildProcess = spawn(program, ['-p', folder, '-e', join(folder, 'error.log'), '-c', config], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let running = true;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running = false;
      resolve();
    }),
  );
  child.once('error', (error) => {
    stderr += String(error);
  });
  const stop = async () => {
    if (running) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(folder, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && running) {
    if ((await Promise.all(ports.map((entry) => portAnswers(entry.listen)))).every(Boolean))
      return { stop, errorLog: () => stderr };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`nginx did not start: ${stderr || 'no output'}`);
}
