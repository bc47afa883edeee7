// @vitest-environment node
/**
 * Sitemap and robots: per brand host, every public page in both languages and every published
 * article with its alternates and lastmod, at the configured public origin; the XML validates against the
 * sitemaps.org 0.9 structure with Debian's xmllint.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { COLLEGE_SECTIONS } from '../../shared/college-sections';
import { readSettings } from '../config/settings';
import { bilingual, seedFixtureBeforeEach } from '../testing/college';
import { describeDatabases } from '../testing/databases';
import { seoRoutes } from './sitemap';

const ARTICLES = [
  ...bilingual(
    1001,
    'ecommerce-intro',
    'first',
    { title: '第一篇', date: '2026-03-04' },
    { title: 'First', date: '2026-03-04' },
  ),
  ...bilingual(
    2001,
    'electricity',
    'second',
    { title: '第二篇', date: '2025-12-31' },
    { title: 'Second', date: '2025-12-31' },
  ),
];

describeDatabases('sitemap and robots', (getDb) => {
  seedFixtureBeforeEach(getDb, ARTICLES);

  const get = (path: string, host: string, env: Record<string, string> = {}) =>
    seoRoutes({ db: getDb(), settings: readSettings(env) }).request(`http://${host}${path}`, { headers: { host } });

  it('lists every public page and article in both languages with alternates, at the brand origin', async () => {
    const res = await get('/sitemap.xml', 'localhost:3031', { PUBLIC_URL_2: 'https://www.creatorbox.example' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const pages = 6 + COLLEGE_SECTIONS.length + 2;
    expect(locs).toHaveLength(pages * 2);
    expect(locs).toContain('https://www.creatorbox.example/');
    expect(locs).toContain('https://www.creatorbox.example/en');
    expect(locs).toContain('https://www.creatorbox.example/en/site-map');
    expect(locs).toContain('https://www.creatorbox.example/en/business-college/electricity/2001');
    expect(locs.every((loc) => loc.startsWith('https://www.creatorbox.example/'))).toBe(true);
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="en" href="https://www.creatorbox.example/en/business-college/ecommerce-intro/1001"/>',
    );
    expect(xml).toMatch(
      /<loc>https:\/\/www\.creatorbox\.example\/business-college\/ecommerce-intro\/1001<\/loc>\s*<lastmod>2026-03-04<\/lastmod>/,
    );
  });

  it('validates against the sitemaps.org 0.9 schema (xmllint)', async () => {
    const xml = await (await get('/sitemap.xml', 'localhost:3030')).text();
    const dir = mkdtempSync(join(tmpdir(), 'sitemap-'));
    try {
      writeFileSync(join(dir, 'sitemap.xml'), xml);
      const schema = join(import.meta.dirname, 'sitemap.xsd');
      const output = execFileSync('xmllint', ['--noout', '--schema', schema, join(dir, 'sitemap.xml')], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      expect(output).toBe('');
      // And a broken one does not validate: the check can fail.
      writeFileSync(join(dir, 'broken.xml'), xml.replace('<loc>', '<location>').replace('</loc>', '</location>'));
      expect(() =>
        execFileSync('xmllint', ['--noout', '--schema', schema, join(dir, 'broken.xml')], { stdio: 'pipe' }),
      ).toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names each brand's own sitemap in its robots.txt", async () => {
    const brand1 = await (
      await get('/robots.txt', 'localhost:3030', { PUBLIC_URL: 'https://www.starreach.example' })
    ).text();
    expect(brand1).toContain('Sitemap: https://www.starreach.example/sitemap.xml');
    expect(brand1).toContain('Disallow: /wx-sim');
    const brand2 = await (await get('/robots.txt', 'localhost:3031')).text();
    expect(brand2).toContain('Sitemap: http://localhost:3031/sitemap.xml');
  });
});
