import { isNotFound } from '@tanstack/react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLocale } from '~/lib/i18n';
import { testEnv } from '~/test/providers';
import { type CollegeLoaderInput, loadCollegePage, searchQueryOf } from './loaders';
import { articlePage, fakeApi, RECOMMENDED, summary } from './test-utils';

beforeAll(async () => {
  await loadLocale('zh');
  await loadLocale('en');
});

type Answer = unknown | { status: number };

function input(answers: Record<string, Answer>, overrides: Partial<CollegeLoaderInput> = {}) {
  const fake = fakeApi((call) => {
    const key = Object.keys(answers).find((prefix) => call.path.startsWith(prefix));
    return key ? answers[key] : { status: 404 };
  });
  return {
    calls: fake.calls,
    input: {
      api: fake.api,
      locale: 'zh',
      env: testEnv,
      family: { type: 'college' },
      ...overrides,
    } satisfies CollegeLoaderInput as CollegeLoaderInput,
  };
}

const list = (page: number, pages: number) => ({
  section: 'operate',
  page,
  pageSize: 10,
  total: pages * 10,
  pages,
  items: [summary(3001)],
});

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the loader to fail');
}

describe('loadCollegePage', () => {
  it('loads an article with the recommendations of its section, and titles the page with the brand', async () => {
    const { input: args, calls } = input(
      {
        '/api/v2/college/articles/3005': articlePage(),
        '/api/v2/college/recommended': { items: RECOMMENDED },
      },
      { section: 'operate', id: '3005' },
    );
    const data = await loadCollegePage(args);
    expect(data.view).toEqual({ kind: 'article', article: articlePage() });
    expect(data.section).toBe('operate');
    expect(data.recommended).toEqual(RECOMMENDED);
    expect(data.head).toEqual({
      title: '文章 3005 - 星达通',
      description: '摘要 3005',
      // The article's times for its social card.
      article: { published: articlePage().article.date, modified: '2026-05-02T08:00:00Z' },
      breadcrumb: [
        { name: '星达通', path: '/' },
        { name: '商学院', path: '/business-college' },
        { name: '运营实操', path: '/business-college/operate' },
        { name: '文章 3005', path: '/business-college/operate/3005' },
      ],
    });
    expect(calls.map((call) => call.path).sort()).toEqual([
      '/api/v2/college/articles/3005?lang=zh',
      '/api/v2/college/recommended?section=operate&lang=zh',
    ]);
  });

  it.each(['abc', '0', '-3', '1.5', '12345678901'])(
    'answers not found for the id %s without asking the API',
    async (id) => {
      const { input: args, calls } = input(
        { '/api/v2/college/recommended': { items: [] } },
        { section: 'operate', id },
      );
      expect(isNotFound(await rejection(loadCollegePage(args)))).toBe(true);
      expect(calls.filter((call) => call.path.includes('/articles'))).toEqual([]);
    },
  );

  it('answers not found for an unknown article and for an article of another section', async () => {
    const unknown = input({ '/api/v2/college/recommended': { items: [] } }, { section: 'operate', id: '999' });
    expect(isNotFound(await rejection(loadCollegePage(unknown.input)))).toBe(true);
    const elsewhere = input(
      { '/api/v2/college/articles/1001': articlePage({ id: 1001, section: 'ecommerce-intro' }) },
      { family: { type: 'article', kind: 'report' }, id: '1001' },
    );
    expect(isNotFound(await rejection(loadCollegePage(elsewhere.input)))).toBe(true);
    const detail = input(
      { '/api/v2/college/articles/3005': articlePage() },
      { family: { type: 'detail' }, id: '3005' },
    );
    expect(isNotFound(await rejection(loadCollegePage(detail.input)))).toBe(true);
  });

  it('fails (error page) when the API fails otherwise', async () => {
    const { input: args } = input(
      { '/api/v2/college/articles/3005': { status: 500 } },
      { section: 'operate', id: '3005' },
    );
    const error = await rejection(loadCollegePage(args));
    expect(isNotFound(error)).toBe(false);
    expect(error).toBeInstanceOf(Error);
  });

  it('lists a section page by page, and a page past the last is not found', async () => {
    const { input: args, calls } = input(
      { '/api/v2/college/articles?': list(2, 3), '/api/v2/college/recommended': { items: RECOMMENDED } },
      { family: { type: 'article', kind: 'operate' }, page: 2, locale: 'en' },
    );
    const data = await loadCollegePage(args);
    expect(data.view.kind).toBe('list');
    expect(data.section).toBe('operate');
    expect(data.head.title).toBe('Operations - Business College (2) - StarReach');
    expect(calls.map((call) => call.path)).toContain(
      '/api/v2/college/articles?section=operate&page=2&pageSize=10&lang=en',
    );
    const beyond = input({ '/api/v2/college/articles?': list(4, 3) }, { section: 'operate', page: 4 });
    expect(isNotFound(await rejection(loadCollegePage(beyond.input)))).toBe(true);
    const empty = input({ '/api/v2/college/articles?': { ...list(1, 0), items: [] } }, { section: 'test' });
    expect((await loadCollegePage(empty.input)).view.kind).toBe('list');
  });

  it('shows the page without recommendations when they cannot be loaded', async () => {
    const { input: args } = input({
      '/api/v2/college/articles?': list(1, 1),
      '/api/v2/college/recommended': { status: 500 },
    });
    expect((await loadCollegePage(args)).recommended).toEqual([]);
  });

  it('searches from the index with ?q=, cut to 100 characters, and keeps a failed search on the page', async () => {
    const results = { query: '邀约', terms: ['邀约'], page: 1, pageSize: 10, total: 0, pages: 0, items: [] };
    const { input: args, calls } = input(
      { '/api/v2/college/search': results, '/api/v2/college/recommended': { items: [] } },
      { q: `  ${'邀'.repeat(150)}  ` },
    );
    const data = await loadCollegePage(args);
    expect(data.view).toEqual({ kind: 'search', query: '邀'.repeat(100), results });
    expect(decodeURIComponent(calls.find((call) => call.path.includes('/search'))?.path ?? '')).toContain(
      `q=${'邀'.repeat(100)}&page=1`,
    );
    const failed = input({ '/api/v2/college/search': { status: 500 } }, { q: 'x' });
    expect((await loadCollegePage(failed.input)).view).toEqual({ kind: 'search', query: 'x', results: null });
  });
});

describe('searchQueryOf', () => {
  it('turns ?q= into trimmed text, or nothing', () => {
    expect(searchQueryOf(' 邀约 ')).toBe('邀约');
    expect(searchQueryOf(123)).toBe('123');
    expect(searchQueryOf('   ')).toBeUndefined();
    expect(searchQueryOf(undefined)).toBeUndefined();
    expect(searchQueryOf({ a: 1 })).toBeUndefined();
    expect(searchQueryOf('😀'.repeat(101))).toBe('😀'.repeat(100));
  });

  it('loads a preview from its token: the draft as an article, noindex, and a 404 for a bad or empty token', async () => {
    const token = '1000001.1800000000000.abc_-';
    const { input: args, calls } = input(
      { [`/api/v2/college/preview/${token}`]: articlePage(), '/api/v2/college/recommended': { items: RECOMMENDED } },
      { preview: token },
    );
    const data = await loadCollegePage(args);
    expect(data.view).toEqual({ kind: 'article', article: articlePage(), preview: true });
    expect(data.head.noindex).toBe(true);
    expect(data.head.title).toBe('预览：文章 3005 - 星达通');
    expect(calls.map((call) => call.path)).toContain(`/api/v2/college/preview/${token}?lang=zh`);
    const gone = input({ '/api/v2/college/recommended': { items: RECOMMENDED } }, { preview: 'forged' });
    expect(isNotFound(await rejection(loadCollegePage(gone.input)))).toBe(true);
    const empty = input({}, { preview: '' });
    expect(isNotFound(await rejection(loadCollegePage(empty.input)))).toBe(true);
  });
});
