import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SearchResults } from '#shared/contract/college';
import { Highlight, splitMatches } from './highlight';
import { pageWindow } from './navigation';
import { SearchBox, SearchResultsView } from './search';
import { renderCollege, summary } from './test-utils';

const results = (overrides: Partial<SearchResults> = {}): SearchResults => ({
  query: '邀约',
  terms: ['邀约'],
  page: 1,
  pageSize: 10,
  total: 2,
  pages: 1,
  items: [
    {
      ...summary(1005, { title: '邀约话术模板', section: 'ecommerce-intro' }),
      snippet: '三段式邀约开场白',
      titleMatch: true,
    },
    { ...summary(3002, { title: '寄样流程' }), snippet: '…发出邀约之前先确认地址…', titleMatch: false },
  ],
  ...overrides,
});

describe('splitMatches and Highlight', () => {
  it('marks every word, ignoring case, and keeps the rest as text', () => {
    expect(splitMatches('Invitation wording: INVITE them', ['invit', 'wording'])).toEqual([
      ['Invit', true],
      ['ation ', false],
      ['wording', true],
      [': ', false],
      ['INVIT', true],
      ['E them', false],
    ]);
    expect(splitMatches('a.b*c', ['.', '*'])).toEqual([
      ['a', false],
      ['.', true],
      ['b', false],
      ['*', true],
      ['c', false],
    ]);
    expect(splitMatches('text', [])).toEqual([['text', false]]);
  });

  it('renders markup in a title as text', async () => {
    const { container } = await renderCollege(
      <Highlight text="<script>alert(1)</script> 邀约" terms={['script', '邀约']} />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'script',
      'script',
      '邀约',
    ]);
    expect(container).toHaveTextContent('<script>alert(1)</script> 邀约');
  });
});

describe('pageWindow', () => {
  it('shows the first, the last and two pages around the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(pageWindow(12, 12)).toEqual([1, null, 10, 11, 12]);
  });
});

describe('SearchResultsView', () => {
  it('lists the ranked results with the words marked and links to the articles', async () => {
    await renderCollege(<SearchResultsView query="邀约" results={results()} />);
    expect(screen.getByRole('heading', { level: 1, name: '搜索：邀约' })).toBeInTheDocument();
    expect(screen.getByText('找到 2 篇相关文章')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').getAttribute('href'))).toEqual([
      '/business-college/ecommerce-intro/1005',
      '/business-college/operate/3002',
    ]);
    expect(within(items[0]).getByRole('link')).toHaveTextContent('邀约话术模板');
    expect([...items[0].querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['邀约', '邀约']);
    expect(within(items[0]).getByText('电商入门')).toBeInTheDocument();
    expect(within(items[1]).getByText('运营实操')).toBeInTheDocument();
  });

  it('has an empty state', async () => {
    await renderCollege(
      <SearchResultsView query="无此词" results={results({ query: '无此词', total: 0, pages: 0, items: [] })} />,
    );
    expect(screen.getByText('没有找到与“无此词”相关的文章。换个关键词试试，比如“邀约”或“插件”。')).toBeInTheDocument();
  });

  it('has an error state with a retry', async () => {
    await renderCollege(<SearchResultsView query="邀约" results={null} />, { locale: 'en' });
    expect(screen.getByRole('alert')).toHaveTextContent('Search is not available right now. Please try again later.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('SearchBox', () => {
  it('searches the college index with ?q=', async () => {
    const { user, router } = await renderCollege(<SearchBox query="" />, { path: '/business-college/operate/3001' });
    const box = screen.getByRole('search', { name: '搜索商学院文章' });
    expect(box).toHaveAttribute('action', '/business-college');
    expect(box).toHaveAttribute('method', 'get');
    const input = within(box).getByRole('searchbox', { name: '搜索关键词' });
    expect(input).toHaveAttribute('maxlength', '100');
    await user.type(input, '  邀约 话术 ');
    await user.click(within(box).getByRole('button', { name: '搜索' }));
    expect(router.state.location.pathname).toBe('/business-college');
    expect(router.state.location.search).toEqual({ q: '邀约 话术' });
  });

  it('does not search for nothing', async () => {
    const { user, router } = await renderCollege(<SearchBox query="" />, {
      locale: 'en',
      path: '/business-college/test',
    });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/en/business-college/test');
    expect(screen.getByRole('searchbox', { name: 'Search words' })).toHaveFocus();
  });
});
