// @vitest-environment node
/**
 * The deployment files (deploy/, Dockerfile; docs/deploy.md) as far as they can be checked without containers:
 * the compose file parses and has the topology the docs describe, and Debian's nginx accepts the proxy
 * configuration (`nginx -t`) once rendered the way the official image renders it, with the upstream host names
 * pointed at loopback and a throwaway self-signed certificate per host name.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { selfSignedCertificate } from './lib/tls';

const ROOT = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  ports?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
  init?: boolean;
  volumes?: string[];
  networks?: Record<string, { ipv4_address?: string }>;
}

describe('deploy/compose.yaml', () => {
  const compose = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, Service> };
  const { services } = compose;

  it('runs PostgreSQL, two portal processes and a TLS proxy, each with a health check', () => {
    expect(Object.keys(services).sort()).toEqual(['portal1', 'portal2', 'postgres', 'proxy']);
    for (const service of Object.values(services)) expect(service.healthcheck?.test.length).toBeGreaterThan(0);
  });

  it('starts the portals on a healthy PostgreSQL and the proxy on healthy portals; only the proxy is published', () => {
    for (const name of ['portal1', 'portal2']) {
      const portal = services[name];
      expect(portal.depends_on?.postgres.condition).toBe('service_healthy');
      expect(portal.ports).toBeUndefined();
      expect(portal.environment?.DATABASE_URL).toMatch(/^postgres:\/\/portal:.*@postgres:5432\/portal$/);
      // Only the proxy's own address reports the client (a hop count is refused with HOST=0.0.0.0).
      expect(portal.environment?.TRUST_PROXY).toBe(services.proxy.networks?.default.ipv4_address);
      expect(portal.environment?.TRUST_PROXY).toMatch(/^172\.30\.240\.\d+$/);
      expect(portal.environment?.DATABASE_POOL_SIZE).toBeDefined();
      expect(portal.healthcheck?.test.join(' ')).toContain('/api/ready');
      // Stopping waits longer than the server's own drain and the time it gives requests under way after it.
      expect(Number.parseInt(portal.stop_grace_period ?? '0', 10) * 1000).toBeGreaterThan(
        Number(portal.environment?.SHUTDOWN_DRAIN_MS) + Number(portal.environment?.SHUTDOWN_TIMEOUT_MS),
      );
      // The server is PID 1's child (tini), so it gets the stop signal and zombies are reaped.
      expect(portal.init).toBe(true);
    }
    expect(services.proxy.depends_on?.portal1.condition).toBe('service_healthy');
    expect(services.proxy.depends_on?.portal2.condition).toBe('service_healthy');
    expect(services.proxy.ports).toEqual(['80:80', '443:443']);
    expect(services.postgres.ports).toBeUndefined();
  });

  it("serves the operator's console on its own port, reached only through the proxy on its own host name", () => {
    for (const name of ['portal1', 'portal2']) {
      const env = services[name].environment ?? {};
      expect(env.CONSOLE_PORT).toBe('3032');
      expect([env.PORT, env.BRAND2_PORT, env.METRICS_PORT]).not.toContain(env.CONSOLE_PORT);
      expect(env.CONSOLE_PUBLIC_URL).toMatch(/^https:\/\/\$\{PORTAL_CONSOLE_HOST/);
    }
    expect(services.proxy.environment?.PORTAL_CONSOLE_HOST).toMatch(/^\$\{PORTAL_CONSOLE_HOST\}$/);
    expect(services.proxy.volumes).toContain(
      './nginx/console.conf.template:/etc/nginx/templates/console.conf.template:ro',
    );
    const template = read('deploy/nginx/console.conf.template');
    expect(template).toMatch(/server portal1:3032 /);
    expect(template).toMatch(/server portal2:3032 /);
    expect(template).toMatch(/listen 443 ssl;/);
    expect(template).not.toMatch(/listen 80/);
    expect(template).toContain('include /etc/nginx/portal-proxy.conf;');
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  it('runs the compiled server as an unprivileged user with a health check', () => {
    expect(dockerfile).toMatch(/^FROM node:[\d.]+-bookworm-slim|^ARG NODE_IMAGE=node:[\d.]+-bookworm-slim/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n?.*\/api\/health/m);
    expect(dockerfile).toMatch(/^EXPOSE 3030 3031$/m);
    expect(dockerfile).toMatch(/^CMD \["node", "dist\/server\/main.js"\]$/m);
  });
});

const nginx = spawnSync('nginx', ['-v'], { encoding: 'utf8' });
const nginxVersion = /nginx\/(\d+)\.(\d+)\.(\d+)/.exec(nginx.stderr ?? '');

describe.skipIf(!nginxVersion)('deploy/nginx (nginx -t)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'deploy-nginx-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('accepts the rendered configuration', () => {
    const hosts = {
      PORTAL_HOST: 'www.starreach.test',
      PORTAL_HOST_2: 'www.creatorbox.test',
      PORTAL_CONSOLE_HOST: 'console.starreach.test',
    };
    for (const host of Object.values(hosts)) {
      mkdirSync(join(dir, 'certs', host), { recursive: true });
      selfSignedCertificate(
        host,
        { cert: join(dir, 'certs', host, 'fullchain.pem'), key: join(dir, 'certs', host, 'privkey.pem') },
        1,
      );
    }
    // What the image's envsubst does (only the variables it is given), then the container paths mapped here.
    let config = `${read('deploy/nginx/portal.conf.template')}\n${read('deploy/nginx/console.conf.template')}`.replace(
      /\$\{(PORTAL_HOST(?:_2)?|PORTAL_CONSOLE_HOST)\}/g,
      (_match, name: keyof typeof hosts) => hosts[name],
    );
    expect(config).not.toMatch(/\$\{/);
    config = config
      .replaceAll('/etc/nginx/certs/', `${dir}/certs/`)
      .replaceAll('/etc/nginx/portal-proxy.conf', join(ROOT, 'deploy/nginx/portal-proxy.conf'))
      .replace(/server portal1:/g, 'server 127.0.0.1:')
      .replace(/server portal2:/g, 'server 127.0.0.2:');
    const [, major, minor, patch] = nginxVersion?.map(Number) ?? [];
    // `http2 on;` exists since nginx 1.25.1 (the image has 1.27); older local nginx gets the listen flag instead.
    if (major * 1e6 + minor * 1e3 + patch < 1_025_001) {
      config = config.replace(/^\s*http2 on;\n/gm, '').replace(/listen (\S*443) ssl/g, 'listen $1 ssl http2');
    }
    writeFileSync(join(dir, 'portal.conf'), config);
    writeFileSync(
      join(dir, 'nginx.conf'),
      `pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events {}
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  include ${dir}/portal.conf;
}
`,
    );
    const result = spawnSync('nginx', ['-t', '-c', join(dir, 'nginx.conf'), '-p', dir, '-e', join(dir, 'error.log')], {
      encoding: 'utf8',
    });
    expect(result.stderr).toContain('syntax is ok');
    expect(result.stderr).toContain('test is successful');
    expect(result.status).toBe(0);
  });
});
