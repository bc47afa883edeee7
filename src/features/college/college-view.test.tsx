import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../server/college/markdown';
import { CollegeView } from './college-view';
import type { CollegePageData } from './loaders';
import { articleData, articlePage, fakeApi, RECOMMENDED, renderCollege, summary } from './test-utils';

const likes = () => fakeApi(() => ({ articleId: 3005, likes: 2, liked: false }));

describe('the college page with an article', () => {
  it('shows the banner, the five sections, the breadcrumb, the article, the notice and the neighbours', async () => {
    const { api } = likes();
    await renderCollege(<CollegeView data={articleData()} api={api} />, { path: '/business-college/operate/3005' });

    expect(screen.getByText('星达通商学院')).toBeInTheDocument();
    expect(screen.getByRole('search', { name: '搜索商学院文章' })).toBeInTheDocument();

    const menu = screen.getByRole('navigation', { name: '商学院栏目' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['电商入门', '/business-college/ecommerce-intro'],
      ['问答中心', '/business-college/electricity'],
      ['运营实操', '/business-college/operate'],
      ['更新记录', '/business-college/release-record'],
      ['实测分享', '/business-college/test'],
    ]);
    expect(within(menu).getByRole('link', { name: '运营实操' })).toHaveAttribute('data-active', 'true');

    const crumbs = screen.getByRole('navigation', { name: '面包屑导航' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['首页', '/'],
      ['商学院', '/business-college'],
      ['运营实操', '/business-college/operate'],
    ]);
    expect(within(crumbs).getByText('文章 3005')).toHaveAttribute('aria-current', 'page');

    expect(screen.getByRole('heading', { level: 1, name: '文章 3005' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: '小标题' })).toBeInTheDocument();
    expect(screen.getByText('正文第一段。')).toBeInTheDocument();
    expect(screen.getByText('本文由星达通商学院原创，未经授权禁止转载。')).toBeInTheDocument();

    const neighbours = screen.getByRole('navigation', { name: '上一篇和下一篇' });
    expect(within(neighbours).getByRole('link', { name: '更新的一篇' })).toHaveAttribute(
      'href',
      '/business-college/operate/3006',
    );
    expect(within(neighbours).getByRole('link', { name: '更早的一篇' })).toHaveAttribute(
      'href',
      '/business-college/operate/3004',
    );
    expect(await screen.findByText('2 人点赞')).toBeInTheDocument();
  });

  it('keeps the links of its route family and says when there is no neighbour', async () => {
    const page = { ...articlePage({ section: 'release-record' }), previous: null };
    const data: CollegePageData = { ...articleData(page), family: { type: 'article', kind: 'report' } };
    await renderCollege(<CollegeView data={data} api={likes().api} />, { path: '/article/report/3005' });
    const neighbours = screen.getByRole('navigation', { name: '上一篇和下一篇' });
    expect(within(neighbours).getByText('没有了')).toBeInTheDocument();
    expect(within(neighbours).getByRole('link')).toHaveAttribute('href', '/article/report/3004');
    const crumbs = screen.getByRole('navigation', { name: '面包屑导航' });
    expect(within(crumbs).getByRole('link', { name: '更新记录' })).toHaveAttribute('href', '/article/report');
  });

  it('shows raw HTML written in an article as text: no script, no image with onerror', async () => {
    const { html } = renderMarkdown(
      '正文 <script>window.hacked = true</script>\n\n<img src="x" onerror="window.hacked = true">\n\n[链接](javascript:alert(1))\n',
    );
    const { container } = await renderCollege(
      <CollegeView data={articleData(articlePage({ html }))} api={likes().api} />,
    );
    const body = container.querySelector('article');
    expect(body?.querySelector('script')).toBeNull();
    expect(body?.querySelector('img')).toBeNull();
    expect(body?.querySelector('a[href^="javascript"]')).toBeNull();
    expect(body).toHaveTextContent('正文 <script>window.hacked = true</script>');
    expect(body).toHaveTextContent('<img src="x" onerror="window.hacked = true">');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('speaks English on the English page, with the brand of the site', async () => {
    const data = articleData(articlePage({ title: 'An article', section: 'test' }));
    await renderWithEnglish(data);
    expect(screen.getByText('StarReach Business College')).toBeInTheDocument();
    expect(
      screen.getByText(
        'This article is an original work of the StarReach Business College. Do not republish it without permission.',
      ),
    ).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Hands-on Tests' })).toHaveAttribute(
      'href',
      '/en/business-college/test',
    );
    expect(await screen.findByText('2 likes')).toBeInTheDocument();
  });
});

async function renderWithEnglish(data: CollegePageData) {
  return renderCollege(<CollegeView data={data} api={likes().api} />, { locale: 'en' });
}

describe('the college page with a list', () => {
  const listData = (overrides: Partial<CollegePageData> = {}): CollegePageData => ({
    family: { type: 'college' },
    section: 'operate',
    view: {
      kind: 'list',
      list: {
        section: 'operate',
        page: 2,
        pageSize: 10,
        total: 25,
        pages: 3,
        items: [summary(3011, { tags: ['寄样', '复盘'] }), summary(3010)],
      },
    },
    recommended: RECOMMENDED,
    head: { title: '', description: '', breadcrumb: [] },
    ...overrides,
  });

  it('lists the articles with their links, dates and tags, and links every page', async () => {
    await renderCollege(<CollegeView data={listData()} api={likes().api} />, { path: '/business-college/operate' });
    expect(screen.getByRole('heading', { level: 1, name: '运营实操' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '文章 3011' })).toHaveAttribute('href', '/business-college/operate/3011');
    expect(screen.getByText('寄样')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: '分页' });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['上一页', '/business-college/operate'],
      ['1', '/business-college/operate'],
      ['2', '/business-college/operate?page=2'],
      ['3', '/business-college/operate?page=3'],
      ['下一页', '/business-college/operate?page=3'],
    ]);
    expect(within(pages).getByRole('link', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
  });

  it('ranks the recommended articles with the gold, silver, bronze and grey badges', async () => {
    await renderCollege(<CollegeView data={listData()} api={likes().api} />);
    const aside = screen.getByRole('complementary', { name: '推荐阅读' });
    const items = within(aside).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(
      items.map((item) => [
        within(item).getByRole('img').getAttribute('data-tone'),
        within(item).getByRole('link').textContent,
        within(item).getByRole('link').getAttribute('href'),
      ]),
    ).toEqual([
      ['gold', '推荐 1', '/business-college/operate/3001'],
      ['silver', '推荐 2', '/business-college/operate/3002'],
      ['bronze', '推荐 3', '/business-college/operate/3003'],
      ['grey', '推荐 4', '/business-college/operate/3004'],
      ['grey', '推荐 5', '/business-college/operate/3005'],
    ]);
  });

  it('says so when a section has no articles yet, and when nothing is recommended', async () => {
    const data = listData({
      recommended: [],
      view: {
        kind: 'list',
        list: { section: 'operate', page: 1, pageSize: 10, total: 0, pages: 0, items: [] },
      },
    });
    await renderCollege(<CollegeView data={data} api={likes().api} />);
    expect(screen.getByText('这里还没有文章。')).toBeInTheDocument();
    expect(screen.getByText('暂无推荐文章')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: '分页' })).toBeNull();
  });
});

describe('the free-trial prompt at the end of an article', () => {
  it('follows the article and leads to /register, keeping the query string (attribution)', async () => {
    await renderCollege(<CollegeView data={articleData()} api={likes().api} />, {
      path: '/business-college/operate/3005?utm_term=creators&bd_vid=42',
    });
    const prompt = screen.getByRole('complementary', { name: '免费试用星达通' });
    const link = within(prompt).getByRole('link', { name: '立即免费试用' });
    const url = new URL(link.getAttribute('href') ?? '', 'http://x');
    expect(url.pathname).toBe('/register');
    expect(Object.fromEntries(url.searchParams)).toEqual({ utm_term: 'creators', bd_vid: '42' });
    // It ends the article: after the text and the like button, before the neighbours.
    const article = screen.getByRole('article');
    expect(article.contains(prompt)).toBe(true);
    const neighbours = screen.getByRole('navigation', { name: '上一篇和下一篇' });
    expect(prompt.compareDocumentPosition(neighbours) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('speaks English under /en', async () => {
    await renderCollege(<CollegeView data={articleData()} api={likes().api} />, {
      locale: 'en',
      path: '/business-college/operate/3005',
    });
    const prompt = screen.getByRole('complementary', { name: 'Try StarReach free' });
    expect(within(prompt).getByRole('link', { name: 'Start your free trial' })).toHaveAttribute('href', '/en/register');
  });
});
