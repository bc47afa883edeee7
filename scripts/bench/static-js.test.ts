import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstLoadJs, staticClosure } from './static-js';

describe('staticClosure', () => {
  it('follows static imports once and leaves dynamic imports and CSS out', () => {
    const manifest = {
      'src/entry-client.tsx': {
        file: 'assets/entry.js',
        isEntry: true,
        imports: ['_shared.js'],
        dynamicImports: ['src/features/auth/login-page.tsx'],
      },
      '_shared.js': { file: 'assets/shared.js', imports: ['src/entry-client.tsx', '_style.css'] },
      '_style.css': { file: 'assets/style.css' },
      'src/features/home/home-page.tsx': {
        file: 'assets/home.js',
        isDynamicEntry: true,
        imports: ['src/entry-client.tsx', '_shared.js'],
      },
      'src/features/auth/login-page.tsx': { file: 'assets/login.js', isDynamicEntry: true },
    };
    expect(staticClosure(manifest, ['src/entry-client.tsx', 'src/features/home/home-page.tsx'])).toEqual([
      'assets/entry.js',
      'assets/shared.js',
      'assets/home.js',
    ]);
  });
});

describe('firstLoadJs', () => {
  it('counts the entry, the page with its preloads and the catalogs of its areas, each by its brotli file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'static-js-'));
    try {
      const manifest = {
        'src/entry-client.tsx': { file: 'assets/entry.js', isEntry: true },
        'src/features/auth/scan-login/scan-code-page.tsx': {
          file: 'assets/page.js',
          imports: ['src/entry-client.tsx'],
        },
        'src/lib/api/client.ts': { file: 'assets/client.js', imports: ['_axios.js'] },
        '_axios.js': { file: 'assets/axios.js' },
        'locales/en/scan.po': { file: 'assets/scan-en.js' },
        'locales/zh/scan.po': { file: 'assets/scan-zh.js' },
        'src/features/home/home-page.tsx': { file: 'assets/home.js' },
      };
      mkdirSync(join(dir, '.vite'), { recursive: true });
      mkdirSync(join(dir, 'assets'));
      writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
      const sizes: Record<string, number> = {
        entry: 900,
        page: 300,
        client: 200,
        axios: 500,
        'scan-en': 40,
        'scan-zh': 50,
        home: 70,
      };
      for (const [name, size] of Object.entries(sizes)) {
        writeFileSync(join(dir, `assets/${name}.js`), 'x'.repeat(size * 3));
        // A file too small to compress has no .br: counted by its own size.
        if (name !== 'scan-en') writeFileSync(join(dir, `assets/${name}.js.br`), 'x'.repeat(size));
      }
      const result = firstLoadJs(dir, {
        modules: ['src/features/auth/scan-login/scan-code-page.tsx', 'src/lib/api/client.ts'],
        areas: ['scan', 'auth'],
        locale: 'en',
      });
      expect(result.files.map(({ file }) => file)).toEqual([
        'assets/entry.js',
        'assets/page.js',
        'assets/client.js',
        'assets/axios.js',
        'assets/scan-en.js',
      ]);
      expect(result.total).toBe(900 + 300 + 200 + 500 + 40 * 3);
      expect(() => firstLoadJs(dir, { modules: ['src/missing.tsx'], areas: [], locale: 'zh' })).toThrow(/no chunk/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
