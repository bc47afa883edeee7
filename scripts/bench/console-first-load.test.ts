// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { consoleFirstLoad } from './console-first-load';

const dir = mkdtempSync(join(tmpdir(), 'console-first-load-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the console first-load figure', () => {
  it('counts the entry, its static imports, the Chinese catalog and the start route, by their brotli files; not the chart', () => {
    mkdirSync(join(dir, '.vite'));
    mkdirSync(join(dir, 'assets'));
    const file = (name: string, raw: number, br?: number) => {
      writeFileSync(join(dir, 'assets', name), 'x'.repeat(raw));
      if (br) writeFileSync(join(dir, 'assets', `${name}.br`), 'x'.repeat(br));
      if (br) writeFileSync(join(dir, 'assets', `${name}.gz`), 'x'.repeat(br + 1));
    };
    file('main.js', 1000, 300);
    file('react.js', 500, 200);
    file('zh.js', 100);
    file('en.js', 100);
    file('home.js', 50);
    file('chart.js', 5000, 2000);
    const manifest = {
      'src/console/main.tsx': { file: 'assets/main.js', imports: ['_react.js'], isEntry: true },
      '_react.js': { file: 'assets/react.js' },
      'locales/zh/console.po': { file: 'assets/zh.js' },
      'locales/en/console.po': { file: 'assets/en.js' },
      'src/console/pages/home.tsx': { file: 'assets/home.js', imports: ['_react.js'] },
      'src/console/components/signups-chart.tsx': { file: 'assets/chart.js', imports: ['_react.js'] },
    };
    writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    const result = consoleFirstLoad(dir);
    expect(result.rows.map((row) => row.file)).toEqual([
      'assets/main.js',
      'assets/react.js',
      'assets/zh.js',
      'assets/home.js',
    ]);
    expect(result.total).toEqual({ raw: 1650, brotli: 300 + 200 + 100 + 50, gzip: 301 + 201 + 100 + 50 });
    expect(result.chartBrotli).toBe(2000);
  });
});
