/**
 * The console's pages: the server-written shell for every non-API GET (the console client renders in the browser;
 * its routes are the client's), and the console client's hashed files with immutable caching. The client is its
 * own build (`vite build --mode console` into `<dist>/console`, scripts/lib/build-site.ts): the portal's pages
 * never load a byte of it. Every answer carries the portal's security headers and its strict policy (no inline
 * script or style; uPlot styles its chart through the CSSOM, which the policy allows). Mounted last by
 * server/console/app.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { translate } from '../api/catalog';
import { markup, raw } from '../http/html';
import { contentSecurityPolicy, inlineHash, securityHeaderValues } from '../http/security-headers';
import { DIST_DIR } from '../ops/paths';
import type { ConsoleDeps } from './deps';

/** The client's entry in Vite's manifest (vite.config.ts `consoleBuild`). */
export const CONSOLE_ENTRY = 'src/console/main.tsx';
/** The language the operator chose (src/console/lib/i18n.ts writes it). */
export const CONSOLE_LANGUAGE_COOKIE = 'console_lang';

const YEAR = 365 * 24 * 3600;

interface ViteChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

export interface ConsoleAssets {
  script: string;
  /** Chunks the entry imports statically (preloaded beside it). */
  preloads: string[];
  css: string[];
  /** Each language's catalog chunk, which the entry loads before it renders (preloaded for the shell's language). */
  catalogs: Partial<Record<'zh' | 'en', string>>;
}

/** The entry's script, its static imports and every stylesheet they carry, from Vite's manifest. */
export function consoleAssets(manifest: Record<string, ViteChunk>): ConsoleAssets {
  const entry = manifest[CONSOLE_ENTRY];
  if (!entry) throw new Error(`The console's build manifest has no ${CONSOLE_ENTRY}: build again (npm run build).`);
  const preloads: string[] = [];
  const css = new Set<string>(entry.css ?? []);
  const seen = new Set<string>([CONSOLE_ENTRY]);
  const visit = (key: string) => {
    for (const imported of manifest[key]?.imports ?? []) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      const chunk = manifest[imported];
      if (!chunk) continue;
      preloads.push(`/${chunk.file}`);
      for (const sheet of chunk.css ?? []) css.add(sheet);
      visit(imported);
    }
  };
  visit(CONSOLE_ENTRY);
  const catalogs: ConsoleAssets['catalogs'] = {};
  for (const lang of ['zh', 'en'] as const) {
    const chunk = manifest[`locales/${lang}/console.po`];
    if (chunk) catalogs[lang] = `/${chunk.file}`;
  }
  return { script: `/${entry.file}`, preloads, css: [...css].map((sheet) => `/${sheet}`), catalogs };
}

const TITLE = /*i18n*/ '运营后台';
const NEEDS_SCRIPT = /*i18n*/ '运营后台需要启用 JavaScript。';

/** The shell: language, title, the stylesheets and module script, a <noscript> line in both languages. */
export function consoleShell(lang: 'zh' | 'en', assets: ConsoleAssets): string {
  const env = JSON.stringify({ lang }).replace(/</g, '\\u003c');
  return markup`<!doctype html>
<html lang="${lang === 'en' ? 'en' : 'zh-CN'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${translate(TITLE, lang)}</title>
${assets.css.map((href) => markup`<link rel="stylesheet" href="${href}">`)}
${[...assets.preloads, ...(assets.catalogs[lang] ? [assets.catalogs[lang]] : [])].map(
  (href) => markup`<link rel="modulepreload" href="${href}">`,
)}
<script type="module" src="${assets.script}"></script>
<script type="application/json" id="console-env">${raw(env)}</script>
</head>
<body>
<noscript><p lang="zh-CN">${translate(NEEDS_SCRIPT, 'zh')}</p><p lang="en">${translate(NEEDS_SCRIPT, 'en')}</p></noscript>
<div id="console-root"></div>
</body>
</html>`.toString();
}

export interface ConsolePagesOptions {
  /** The console client's build folder (default `<dist>/console`). */
  consoleDir?: string;
  /**
   * `npm run dev`: the shell loads the sources through Vite, whose middlewares must answer before this app on the
   * console's listener (as server/main.ts does for the portal's).
   */
  dev?: boolean;
}

/** Vite's React refresh preamble (its one inline script, allowed by its hash) and the sources' entry. */
const DEV_PREAMBLE = [
  'import RefreshRuntime from "/@react-refresh";',
  'RefreshRuntime.injectIntoGlobalHook(window);',
  'window.$RefreshReg$ = () => {};',
  'window.$RefreshSig$ = () => (type) => type;',
  'window.__vite_plugin_react_preamble_installed__ = true;',
].join('\n');

export function consoleDevShell(lang: 'zh' | 'en'): string {
  return consoleShell(lang, { script: '/@vite/client', preloads: [], css: [], catalogs: {} }).replace(
    '<script type="module" src="/@vite/client"></script>',
    `<script type="module" src="/@vite/client"></script>\n<script type="module">${DEV_PREAMBLE}</script>\n<script type="module" src="/${CONSOLE_ENTRY}"></script>`,
  );
}

export function consolePages(deps: ConsoleDeps, options: ConsolePagesOptions = {}) {
  const dir = options.consoleDir ?? join(DIST_DIR, 'console');
  const pages = new Hono();
  const headers = (c: Context) => {
    for (const [name, value] of Object.entries(securityHeaderValues(c, deps.settings))) c.header(name, value);
  };

  const manifestPath = join(dir, '.vite/manifest.json');
  let assets: ConsoleAssets | null = null;
  const loadAssets = () => {
    // Read once; a build while running is picked up at the next start (as the portal's pages are).
    if (!assets && existsSync(manifestPath))
      assets = consoleAssets(JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ViteChunk>);
    return assets;
  };

  pages.use('/assets/*', async (c, next) => {
    await next();
    headers(c);
    // Set here, once the file's answer exists (serveStatic's onFound runs after it made the answer).
    if (c.res.status === 200 || c.res.status === 206) c.header('Cache-Control', `public, max-age=${YEAR}, immutable`);
  });
  pages.use(
    '/assets/*',
    serveStatic({
      root: dir,
      precompressed: true,
      onNotFound: () => {},
    }),
  );
  pages.get('/assets/*', (c) => c.text('Not found', 404));

  // An API path no module answered is not a page.
  pages.all('/console/api/*', (c) => {
    headers(c);
    return c.json({ code: 404, message: 'Not found', data: null }, 404);
  });

  pages.get('*', (c) => {
    headers(c);
    c.header('Cache-Control', 'no-cache');
    if (options.dev) {
      const lang = getCookie(c, CONSOLE_LANGUAGE_COOKIE) === 'en' ? 'en' : 'zh';
      c.header(
        'Content-Security-Policy',
        contentSecurityPolicy({ development: true, scriptHashes: [inlineHash(DEV_PREAMBLE)] }),
      );
      return c.html(consoleDevShell(lang));
    }
    const built = loadAssets();
    if (!built) return c.text('The console client is not built: run npm run build.', 503);
    const lang = getCookie(c, CONSOLE_LANGUAGE_COOKIE) === 'en' ? 'en' : 'zh';
    c.header('Content-Language', lang === 'en' ? 'en' : 'zh-CN');
    c.header('Vary', 'Cookie');
    return c.html(consoleShell(lang, built));
  });
  return pages;
}
