/**
 * First-load JavaScript of the home page computed from the build, without a browser: the entry chunk, its
 * static imports, the home route's chunk (with its static imports) and the message catalogs the page loads
 * before it hydrates (common, layout and home of the page's language; see src/lib/i18n.ts), each counted by
 * its brotli file
 * (`.br`, as the server sends it) or, for files too small to be compressed, by its own size.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { PhonePath } from '../../shared/routes';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export const HOME_ROUTE_MODULE = 'src/features/home/home-page.tsx';

/** The files a browser must load to run `keys`: each chunk and, recursively, its static imports. */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files].filter((file) => file.endsWith('.js'));
}

/** Bytes sent for a file of the client build: its `.br` when there is one, else the file itself. */
export function sentBytes(clientDir: string, file: string): number {
  const path = join(clientDir, file);
  return existsSync(`${path}.br`) ? statSync(`${path}.br`).size : statSync(path).size;
}

export interface StaticJs {
  files: { file: string; bytes: number }[];
  total: number;
}

/** The catalog areas a home page loads before hydrating. */
export const HOME_CATALOG_AREAS = ['common', 'layout', 'home'] as const;

/**
 * The phone pages' modules (page and preloads) and catalog areas loaded before hydrating (src/routes/pages.tsx,
 * src/lib/i18n.ts).
 */
export const PHONE_PAGES: Record<PhonePath, { modules: string[]; areas: string[] }> = {
  '/register': { modules: ['src/features/auth/register-page.tsx'], areas: ['common', 'layout', 'auth'] },
  '/login': { modules: ['src/features/auth/login-page.tsx'], areas: ['common', 'layout', 'auth'] },
  '/scan_code': {
    modules: [
      'src/features/auth/scan-login/scan-code-page.tsx',
      'src/features/auth/scan-login/scan-runtime.ts',
      'src/lib/api/client.ts',
    ],
    areas: ['common', 'layout', 'scan', 'auth'],
  },
};

export function homeFirstLoadJs(clientDir: string, locale: 'zh' | 'en' = 'zh'): StaticJs {
  return firstLoadJs(clientDir, { modules: [HOME_ROUTE_MODULE], areas: HOME_CATALOG_AREAS, locale });
}

/**
 * The same for any page: the entry, the page's modules (its route's page module and the modules its HTML
 * preloads besides, see `staticData.preload` in src/routes/pages.tsx) with their static imports, and the
 * catalogs of `areas` in `locale`.
 */
export function firstLoadJs(
  clientDir: string,
  page: { modules: readonly string[]; areas: readonly string[]; locale: 'zh' | 'en' },
): StaticJs {
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('The manifest has no entry chunk.');
  for (const module of page.modules) if (!manifest[module]) throw new Error(`The manifest has no chunk for ${module}.`);
  const catalogs = page.areas.map((area) => `locales/${page.locale}/${area}.po`).filter((key) => manifest[key]);
  const files = staticClosure(manifest, [entryKey, ...page.modules, ...catalogs]).map((file) => ({
    file,
    bytes: sentBytes(clientDir, file),
  }));
  return { files, total: files.reduce((sum, { bytes }) => sum + bytes, 0) };
}
