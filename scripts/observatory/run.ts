/**
 * `npm run observatory`: grades the site with the MDN HTTP Observatory's own scanner, as an operator would
 * before going online, without reaching the internet.
 *
 * 1. Installs `@mdn/mdn-http-observatory` (pinned) into node_modules/.cache/observatory on first use. Its install
 *    step downloads the HSTS preload list and fails here, so it is installed with --ignore-scripts and given an
 *    empty list (nothing local is preloaded). It is not a dependency of the project.
 * 2. Builds the site if stale (dist-observatory/), starts the server on loopback with TRUST_PROXY=1.
 * 3. Makes a self-signed certificate for `localhost` and starts Debian's nginx (own config, no daemon, pid in
 *    a temp folder) that only terminates TLS and redirects http to https, passing X-Forwarded-Proto/For.
 * 4. Scans `/`, `/en/login` and a college article with the scanner's retriever, tests and grader (the same
 *    grade as the hosted service), prints grade, score and failed tests, stops everything it started, and
 *    exits non-zero when a page is below A+ or 120.
 *
 * Ports: OBSERVATORY_PORT (default 5160; not 5060-5061, which fetch refuses as SIP ports) and the next three (server brand 1 and 2, nginx http and https).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildIfStale, type PortalServer, PROJECT_ROOT, startPortalServer } from '../../e2e/support/portal-server';
import { installCachedTool } from '../lib/cached-tool';
import { selfSignedCertificate } from '../lib/tls';
import { CACHE_DIR, PAGES, ports, SCANNER, SCANNER_DIR, SCANNER_VERSION } from './grade';

/** nginx as a bare TLS terminator: no headers of its own, http only redirects. */
function nginxConfig(dir: string, tls: { cert: string; key: string }): string {
  return `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server_tokens off;
  server {
    listen 127.0.0.1:${ports.http};
    server_name localhost;
    return 301 https://$host:${ports.https}$request_uri;
  }
  server {
    listen 127.0.0.1:${ports.https} ssl;
    server_name localhost;
    ssl_certificate ${tls.cert};
    ssl_certificate_key ${tls.key};
    location / {
      proxy_pass http://127.0.0.1:${ports.server};
      proxy_http_version 1.1;
      proxy_set_header Host $host:${ports.server};
      proxy_set_header X-Forwarded-Proto https;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`;
}

async function startNginx(dir: string, tls: { cert: string; key: string }): Promise<ChildProcess> {
  const config = join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig(dir, tls));
  const child = spawn('nginx', ['-c', config, '-p', dir, '-e', join(dir, 'error.log')], { stdio: 'inherit' });
  // Ready when the TLS port answers.
  for (let i = 0; i < 50; i++) {
    const ok = await fetch(`http://127.0.0.1:${ports.http}/`, { redirect: 'manual' }).then(
      () => true,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('nginx did not start');
}

const started: { server?: PortalServer; nginx?: ChildProcess; dir?: string } = {};
async function stopAll() {
  started.nginx?.kill('SIGQUIT');
  started.nginx = undefined;
  await started.server?.stop();
  started.server = undefined;
  if (started.dir) rmSync(started.dir, { recursive: true, force: true });
  started.dir = undefined;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void stopAll().then(() => process.exit(130)));

let exitCode = 1;
try {
  installCachedTool(SCANNER, SCANNER_VERSION, CACHE_DIR);
  // The list the install step would have downloaded: empty, no local name is preloaded.
  writeFileSync(join(SCANNER_DIR, 'conf/hsts-preload.json'), '{}');
  await buildIfStale('dist-observatory');
  started.dir = mkdtempSync(join(tmpdir(), 'observatory-'));
  const tls = { cert: join(started.dir, 'localhost.crt'), key: join(started.dir, 'localhost.key') };
  selfSignedCertificate('localhost', tls);
  started.server = await startPortalServer({
    port: ports.server,
    brand2Port: ports.brand2,
    distDir: 'dist-observatory',
    logFile: join(started.dir, 'server.log'),
    env: { TRUST_PROXY: '1' },
  });
  started.nginx = await startNginx(started.dir, tls);
  // The scanner trusts the certificate through Node's extra CA list, which Node reads only at start-up: the
  // grading runs in a child process that has it.
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/observatory/grade.ts', ...PAGES], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, NODE_EXTRA_CA_CERTS: tls.cert },
    stdio: 'inherit',
  });
  exitCode = child.status ?? 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  await stopAll();
}
process.exit(exitCode);
