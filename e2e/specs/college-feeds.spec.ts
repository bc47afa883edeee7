/**
 * The college for readers on the real server, before any script runs: every college page names the RSS feeds of
 * the college and of its section, each feed is well-formed RSS 2.0 of the language's newest articles at the brand's
 * origin, an article's first HTML carries its related articles in both languages, and a preview link that is not
 * valid is the 404 page, never stored and never indexed.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, test } from 'node:test';
import { loadCollegeContent } from '../../server/college/content';
import { brands } from '../../shared/brand';
import { BASE_URL, BRAND2_URL } from '../support/env';
import { rawGet, tagsIn } from '../support/http';
import { PROJECT_ROOT } from '../support/portal-server';
import { LOCALES, localized } from '../support/routes';
import { eventually } from '../support/wait';

const { articles } = loadCollegeContent(join(PROJECT_ROOT, 'content/college'));
const newest = (locale: string, section?: string) =>
  articles
    .filter((a) => a.lang === locale && (!section || a.section === section))
    .sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);

function wellFormed(xml: string) {
  const dir = mkdtempSync(join(tmpdir(), 'feed-'));
  try {
    writeFileSync(join(dir, 'feed.xml'), xml);
    execFileSync('xmllint', ['--noout', join(dir, 'feed.xml')]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('college feeds, related articles and previews', () => {
  // The server listens while its database opens and is seeded: the first college page waits for it.
  before(async () => {
    await eventually(async () => assert.equal((await rawGet(`${BASE_URL}/business-college`)).status, 200), {
      timeout: 90_000,
      interval: 500,
    });
  });
  for (const locale of LOCALES) {
    test(`the ${locale} feeds are linked from the pages and list the newest articles`, async () => {
      const article = newest(locale, 'operate')[0];
      const page = await rawGet(`${BASE_URL}${localized(`/business-college/operate/${article.id}`, locale)}`);
      assert.equal(page.status, 200);
      const feeds = tagsIn(page.body, 'link').filter((link) => link.type === 'application/rss+xml');
      assert.deepEqual(
        feeds.map((link) => link.href),
        [
          `${BASE_URL}${localized('/business-college/feed.xml', locale)}`,
          `${BASE_URL}${localized('/business-college/operate/feed.xml', locale)}`,
        ],
      );
      for (const [href, expected] of [
        [feeds[0].href, newest(locale)],
        [feeds[1].href, newest(locale, 'operate')],
      ] as const) {
        const feed = await rawGet(href);
        assert.equal(feed.status, 200, href);
        assert.equal(feed.header('content-type'), 'application/rss+xml; charset=utf-8');
        wellFormed(feed.body);
        const links = [...feed.body.matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)].map((m) => m[1]);
        assert.deepEqual(
          links.slice(0, 3),
          expected.slice(0, 3).map((a) => `${BASE_URL}${localized(`/business-college/${a.section}/${a.id}`, locale)}`),
        );
      }
      // The second brand's feed names its own brand and origin.
      const other = await rawGet(`${BRAND2_URL}${localized('/business-college/feed.xml', locale)}`);
      assert.match(other.body, new RegExp(`<title>${brands.creatorbox.name[locale]}`));
      assert.ok(other.body.includes(`<link>${BRAND2_URL}${localized('/business-college', locale)}</link>`));
    });

    test(`an ${locale} article's first HTML lists related articles, never itself`, async () => {
      const article = newest(locale, 'operate')[0];
      const page = await rawGet(`${BASE_URL}${localized(`/business-college/operate/${article.id}`, locale)}`);
      const related = /<section[^>]*aria-labelledby="college-related-title"[^>]*>([\s\S]*?)<\/section>/.exec(
        page.body,
      )?.[1];
      assert.ok(related, 'a related articles section');
      const hrefs = tagsIn(related, 'a').map((a) => a.href);
      assert.ok(hrefs.length > 0 && hrefs.length <= 4, `${hrefs.length} related`);
      for (const href of hrefs) {
        assert.match(href, locale === 'en' ? /^\/en\/business-college\// : /^\/business-college\//);
        assert.ok(!href.endsWith(`/${article.id}`));
      }
    });

    test(`a forged ${locale} preview link is the 404 page, not stored, not indexed`, async () => {
      for (let round = 0; round < 2; round++) {
        const page = await rawGet(
          `${BASE_URL}${localized('/business-college/preview/1.4102444800000.forged', locale)}`,
        );
        assert.equal(page.status, 404);
        assert.equal(page.header('cache-control'), 'no-store');
        assert.equal(page.header('x-robots-tag'), 'noindex');
      }
    });
  }
});
