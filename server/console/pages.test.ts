// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSettings } from '../config/settings';
import { inlineHash } from '../http/security-headers';
import type { ConsoleDeps } from './deps';
import { CONSOLE_ENTRY, consoleAssets, consolePages } from './pages';

const dir = mkdtempSync(join(tmpdir(), 'console-pages-'));
mkdirSync(join(dir, 'assets'));
mkdirSync(join(dir, '.vite'));
writeFileSync(join(dir, 'assets/main-abc.js'), 'import "./shared-def.js";');
writeFileSync(join(dir, 'assets/shared-def.js'), 'export {}');
writeFileSync(join(dir, 'assets/main-abc.css'), 'body{}');
const manifest = {
  [CONSOLE_ENTRY]: { file: 'assets/main-abc.js', css: ['assets/main-abc.css'], imports: ['_shared.js'], isEntry: true },
  '_shared.js': { file: 'assets/shared-def.js' },
  'src/console/pages/signups.tsx': { file: 'assets/signups-xyz.js', isDynamicEntry: true },
  'locales/zh/console.po': { file: 'assets/console-zh.js', isDynamicEntry: true },
  'locales/en/console.po': { file: 'assets/console-en.js', isDynamicEntry: true },
};
writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const deps = { settings: readSettings({ NODE_ENV: 'production' }) } as unknown as ConsoleDeps;
const app = consolePages(deps, { consoleDir: dir });
const get = (path: string, headers: Record<string, string> = {}) =>
  app.request(`http://127.0.0.1:5550${path}`, { headers });

describe("the console's pages", () => {
  it('serve the shell for every page path, in Chinese unless the operator chose English', async () => {
    for (const path of ['/', '/users', '/users/42', '/signups?from=2026-01-01']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<html lang="zh-CN">');
      expect(html).toContain('<title>运营后台</title>');
      expect(html).toContain('<script type="module" src="/assets/main-abc.js"></script>');
      expect(html).toContain('<link rel="stylesheet" href="/assets/main-abc.css">');
      expect(html).toContain('<link rel="modulepreload" href="/assets/shared-def.js">');
      // The catalog of the shell's language loads beside the entry, not after it.
      expect(html).toContain('<link rel="modulepreload" href="/assets/console-zh.js">');
      expect(html).not.toContain('console-en.js');
      // A lazily loaded page is not in the first load.
      expect(html).not.toContain('signups-xyz');
      expect(html).toContain('<noscript><p lang="zh-CN">运营后台需要启用 JavaScript。</p><p lang="en">');
      expect(html).toContain('<script type="application/json" id="console-env">{"lang":"zh"}</script>');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    const en = await get('/users', { cookie: 'console_lang=en' });
    const html = await en.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Operator&#39;s console</title>');
    expect(html).toContain('{"lang":"en"}');
    expect(html).toContain('<link rel="modulepreload" href="/assets/console-en.js">');
  });

  it("carry the portal's strict policy: no inline script or style runs", async () => {
    const res = await get('/users');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // Only the JSON block is inline, and it never runs.
    const html = await res.text();
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes, body]) => body && !/src=|application\/json/.test(attributes as string),
    );
    expect(inline).toEqual([]);
    expect(html).not.toMatch(/\sstyle=/);
  });

  it('serve the hashed files for a year, immutable, and 404 for a missing one', async () => {
    const res = await get('/assets/main-abc.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(await res.text()).toContain('shared-def');
    expect((await get('/assets/nope.js')).status).toBe(404);
  });

  it('answer an API path no module took as a JSON 404, not the shell', async () => {
    const res = await get('/console/api/nothing');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 404 });
  });

  it('say the client is not built when there is no build', async () => {
    const empty = consolePages(deps, { consoleDir: join(dir, 'missing') });
    const res = await empty.request('http://127.0.0.1:5550/users');
    expect(res.status).toBe(503);
  });

  it('read the entry, its static imports and their stylesheets from the manifest', () => {
    expect(consoleAssets(manifest)).toEqual({
      script: '/assets/main-abc.js',
      preloads: ['/assets/shared-def.js'],
      css: ['/assets/main-abc.css'],
      catalogs: { zh: '/assets/console-zh.js', en: '/assets/console-en.js' },
    });
    expect(() => consoleAssets({})).toThrow(/no src\/console\/main.tsx/);
  });

  it('in development, load the sources through Vite with only its preamble inline, by hash', async () => {
    const dev = consolePages({ settings: readSettings({ NODE_ENV: 'development' }) } as unknown as ConsoleDeps, {
      consoleDir: join(dir, 'missing'),
      dev: true,
    });
    const res = await dev.request('http://127.0.0.1:5550/users');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<script type="module" src="/src/console/main.tsx"></script>');
    const preamble = /<script type="module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(res.headers.get('content-security-policy')).toContain(inlineHash(preamble));
  });
});
