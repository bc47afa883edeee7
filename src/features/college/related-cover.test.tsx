import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArticleListView } from './article-list';
import { ArticleView } from './article-view';
import { articlePage, fakeApi, renderCollege, summary } from './test-utils';

const likes = () => fakeApi(() => ({ articleId: 3005, likes: 0, liked: false }));
const COVER = { url: '/media/0123456789abcdef0123456789abcdef.webp', width: 1440, height: 810 };

describe('related articles under an article', () => {
  it('lists the related articles with their dates, linked under the college, in Chinese', async () => {
    const page = {
      ...articlePage(),
      related: [summary(3010, { title: '同标签的一篇', date: '2026-04-01' }), summary(4001, { section: 'test' })],
    };
    await renderCollege(<ArticleView family={{ type: 'college' }} page={page} api={likes().api} />, {
      path: '/business-college/operate/3005',
    });
    const related = screen.getByRole('region', { name: '相关文章' });
    expect(
      within(related)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['同标签的一篇', '/business-college/operate/3010'],
      ['文章 4001', '/business-college/test/4001'],
    ]);
    expect(within(related).getByText('2026-04-01')).toHaveAttribute('datetime', '2026-04-01');
  });

  it('links English pages under /en, and an article of another section under the college from /article/…', async () => {
    const page = {
      ...articlePage({ section: 'release-record', title: 'Release 3005' }),
      related: [
        summary(3010, { section: 'release-record', title: 'Another release' }),
        summary(4001, { section: 'test', title: 'A test' }),
      ],
    };
    await renderCollege(<ArticleView family={{ type: 'article', kind: 'report' }} page={page} api={likes().api} />, {
      locale: 'en',
      path: '/article/report/3005',
    });
    const heading = screen.getAllByRole('heading', { level: 2 }).find((h) => h.id === 'college-related-title');
    expect(heading).toBeDefined();
    const related = heading?.closest('section') as HTMLElement;
    expect(
      within(related)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Another release', '/en/article/report/3010'],
      ['A test', '/en/business-college/test/4001'],
    ]);
  });

  it('shows nothing when there is none (an older answer without the field too)', async () => {
    await renderCollege(<ArticleView family={{ type: 'college' }} page={articlePage()} api={likes().api} />);
    expect(screen.queryByRole('region', { name: '相关文章' })).toBeNull();
  });
});

describe('the cover picture', () => {
  it('is shown on the article with the title as alt text and its stored size', async () => {
    const page = articlePage({ cover: COVER, title: '带封面的文章' });
    await renderCollege(<ArticleView family={{ type: 'college' }} page={page} api={likes().api} />);
    const image = screen.getByRole('img', { name: '带封面的文章' });
    expect(image).toHaveAttribute('src', COVER.url);
    expect(image).toHaveAttribute('width', '1440');
    expect(image).toHaveAttribute('height', '810');
    expect(image).not.toHaveAttribute('loading');
  });

  it('has no size attributes when the size is unknown, and no picture without a cover', async () => {
    const page = articlePage({ cover: { url: COVER.url, width: null, height: null }, title: 'A cover' });
    const { unmount } = await renderCollege(
      <ArticleView family={{ type: 'college' }} page={page} api={likes().api} />,
      { locale: 'en' },
    );
    const image = screen.getByRole('img', { name: 'A cover' });
    expect(image).not.toHaveAttribute('width');
    expect(image).not.toHaveAttribute('height');
    unmount();
    await renderCollege(<ArticleView family={{ type: 'college' }} page={articlePage()} api={likes().api} />);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('is shown small and lazily in a list, only for the articles that have one', async () => {
    const list = {
      section: 'operate' as const,
      page: 1,
      pageSize: 10,
      total: 2,
      pages: 1,
      items: [summary(1, { title: '有封面', cover: COVER }), summary(2, { title: '没有封面', cover: null })],
    };
    await renderCollege(<ArticleListView family={{ type: 'college' }} section="operate" list={list} />);
    // Beside its linked title the cover is decoration: the title is not read twice.
    const images = document.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('alt', '');
    expect(screen.queryByRole('img', { name: '有封面' })).toBeNull();
    expect(images[0]).toHaveAttribute('loading', 'lazy');
  });
});

describe('a preview', () => {
  it('says it is a preview, and shows neither the like button nor the neighbours', async () => {
    const { api, calls } = likes();
    await renderCollege(<ArticleView family={{ type: 'college' }} page={articlePage()} api={api} preview />);
    expect(screen.getByRole('note')).toHaveTextContent('这是预览');
    expect(screen.queryByRole('navigation', { name: '上一篇和下一篇' })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls).toEqual([]);
  });
});
