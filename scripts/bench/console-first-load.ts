/**
 * `npx tsx scripts/bench/console-first-load.ts [dist folder]`: the console's first-load JavaScript, from the build
 * (no browser): what the sign-in page loads before it shows the form — the console's entry with its static imports,
 * the Chinese catalog it loads before rendering (src/console/lib/i18n.ts) and the start route's chunk (the router
 * loads it while the form shows) — counted as sent (brotli files; gzip beside them). uPlot is not in it: it loads
 * with the sign-ups chart only.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Manifest, staticClosure } from './static-js';

const CONSOLE_ENTRY = 'src/console/main.tsx';

export function consoleFirstLoad(consoleDir: string) {
  const manifest = JSON.parse(readFileSync(join(consoleDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const keys = [CONSOLE_ENTRY, 'locales/zh/console.po', 'src/console/pages/home.tsx'];
  const files = staticClosure(manifest, keys);
  const size = (file: string, suffix: string) => {
    const path = join(consoleDir, file) + suffix;
    return existsSync(path) ? statSync(path).size : statSync(join(consoleDir, file)).size;
  };
  const rows = files.map((file) => ({ file, raw: size(file, ''), brotli: size(file, '.br'), gzip: size(file, '.gz') }));
  const total = (key: 'raw' | 'brotli' | 'gzip') => rows.reduce((sum, row) => sum + row[key], 0);
  const chart = staticClosure(manifest, ['src/console/components/signups-chart.tsx']).filter((f) => !files.includes(f));
  return {
    rows,
    total: { raw: total('raw'), brotli: total('brotli'), gzip: total('gzip') },
    chartBrotli: chart.reduce((sum, file) => sum + size(file, '.br'), 0),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The figure as one line, from the build in `dist` (or what to run when there is none). */
export function consoleFirstLoadLine(dist: string): string {
  if (!existsSync(join(dist, 'console/.vite/manifest.json')))
    return `console first-load JS: no console build in ${dist}/ (npm run build first)`;
  const result = consoleFirstLoad(join(dist, 'console'));
  return `console first-load JS (sign-in page): ${kb(result.total.brotli)} brotli, ${kb(result.total.gzip)} gzip (${kb(result.total.raw)} raw); uPlot chart on demand: ${kb(result.chartBrotli)} brotli`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dist = process.argv[2] ?? process.env.PORTAL_DIST ?? 'dist';
  for (const row of consoleFirstLoad(join(dist, 'console')).rows)
    console.log(`${row.file.padEnd(48)} ${kb(row.brotli).padStart(9)} br ${kb(row.gzip).padStart(9)} gz`);
  console.log(consoleFirstLoadLine(dist));
}
