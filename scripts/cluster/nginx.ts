/**
 * A round-robin nginx on loopback in front of several portal processes, with the settings a deployment ships:
 * the upstream parameters and the maps of deploy/nginx/portal.conf.template and, in every location,
 * deploy/nginx/portal-proxy.conf itself (retries of refused connections and of a draining process's 503 to a
 * GET, keep-alive, X-Forwarded-For appending the client, X-Forwarded-Proto). Its own config, pid and temporary
 * files in a temporary folder, `daemon off` (a child of this process, ended by `stop`). Servers started with
 * TRUST_PROXY=loopback see the client, not the proxy.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT, portAnswers } from './server';

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

const TEMPLATE = join(PROJECT_ROOT, 'deploy/nginx/portal.conf.template');
const PROXY_SETTINGS = join(PROJECT_ROOT, 'deploy/nginx/portal-proxy.conf');

/** The shipped upstream block's settings: the parameters of its `server` lines and its other directives. */
export function shippedUpstream(template = readFileSync(TEMPLATE, 'utf8')) {
  const body = /upstream portal_brand1 \{([^}]*)\}/.exec(template)?.[1];
  if (!body) throw new Error(`No upstream portal_brand1 in ${TEMPLATE}`);
  const lines = body
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const server = lines.find((line) => line.startsWith('server '));
  const serverParameters = server?.replace(/^server\s+\S+\s*/, '').replace(/;$/, '') ?? '';
  // The zone is named per upstream below.
  const directives = lines.filter((line) => !line.startsWith('server ') && !line.startsWith('zone '));
  const maps = [...template.matchAll(/^map [^{]+\{[^}]*\}/gm)].map((match) => match[0]);
  return { serverParameters, directives, maps };
}

export function nginxConfig(folder: string, ports: ProxyPort[], runAsRoot: boolean): string {
  const shipped = shippedUpstream();
  const servers = ports
    .map(
      (entry, i) => `
  upstream portal${i} {
    zone portal${i} 64k;
${entry.upstreams.map((port) => `    server 127.0.0.1:${port} ${shipped.serverParameters};`).join('\n')}
${shipped.directives.map((line) => `    ${line}`).join('\n')}
  }
  server {
    listen 127.0.0.1:${entry.listen};
    location / {
      proxy_pass http://portal${i};
      include ${PROXY_SETTINGS};
    }
  }`,
    )
    .join('\n');
  return `${runAsRoot ? 'user root;\n' : ''}daemon off;
worker_processes 2;
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
${shipped.maps.join('\n')}
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
