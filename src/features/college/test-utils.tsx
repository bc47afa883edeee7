/** Test data and rendering for the college's pieces: sample page data and a fake API that records calls. */
import type { ReactNode } from 'react';
import type { ArticlePage, ArticleSummary, RankedArticle } from '#shared/contract/college';
import type { Locale } from '#shared/locale';
import { localizePath } from '#shared/locale';
import type { ApiFetch } from '~/app/router-context';
import { renderWithRouter } from '~/test/providers';
import type { CollegePageData } from './loaders';

export function summary(id: number, overrides: Partial<ArticleSummary> = {}): ArticleSummary {
  return {
    id,
    section: 'operate',
    title: `文章 ${id}`,
    summary: `摘要 ${id}`,
    date: '2026-03-01',
    tags: ['运营'],
    ...overrides,
  };
}

export const RECOMMENDED: RankedArticle[] = [1, 2, 3, 4, 5].map((rank) => ({
  rank,
  id: 3000 + rank,
  section: 'operate',
  title: `推荐 ${rank}`,
  date: `2026-0${rank}-01`,
  likes: 10 - rank,
}));

export function articlePage(overrides: Partial<ArticlePage['article']> = {}): ArticlePage {
  return {
    article: {
      ...summary(3005),
      html: '<h2>小标题</h2>\n<p>正文第一段。</p>\n',
      updated: '2026-05-02T08:00:00Z',
      ...overrides,
    },
    previous: { id: 3006, title: '更新的一篇' },
    next: { id: 3004, title: '更早的一篇' },
  };
}

export function articleData(page: ArticlePage = articlePage()): CollegePageData {
  return {
    family: { type: 'college' },
    section: page.article.section,
    view: { kind: 'article', article: page },
    recommended: RECOMMENDED,
    head: { title: page.article.title, description: page.article.summary, breadcrumb: [] },
  };
}

export interface FakeCall {
  path: string;
  method: string;
  body?: string;
  /** The request's headers, names in lower case. */
  headers: Record<string, string>;
}

/** An ApiFetch answering from `respond` (an envelope's data, or a status to fail with); it records the calls. */
export function fakeApi(respond: (call: FakeCall) => unknown | { status: number }) {
  const calls: FakeCall[] = [];
  const api: ApiFetch = async (path, init) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const call = { path, method: init?.method ?? 'GET', body: init?.body as string | undefined, headers };
    calls.push(call);
    const answer = await respond(call);
    if (answer && typeof answer === 'object' && 'status' in answer && typeof answer.status === 'number') {
      return new Response(JSON.stringify({ code: answer.status, message: 'failed' }), { status: answer.status });
    }
    return new Response(JSON.stringify({ code: 200, message: 'ok', data: answer }), { status: 200 });
  };
  return { api, calls };
}

export function renderCollege(
  ui: ReactNode,
  { locale = 'zh', path = '/business-college' } = {} as {
    locale?: Locale;
    path?: string;
  },
) {
  return renderWithRouter(ui, { locale, path: localizePath(path, locale) });
}
