import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleArticle, sampleArticleRow } from '../test/articles';
import { renderConsole } from '../test/render-app';
import { signedInApi } from '../test/signed-in';

describe('the articles page', () => {
  it('is in the navigation of an editor and an owner, not of support', async () => {
    signedInApi('editor').on('get', /^\/articles$/, { data: { items: [], nextCursor: null } });
    const editor = await renderConsole('/');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    expect(within(nav).getByRole('link', { name: '文章' })).toHaveAttribute('href', '/articles');
    expect(within(nav).queryByRole('link', { name: '用户' })).toBeNull();
    // The editor's start page is the articles.
    expect(await screen.findByRole('heading', { name: '文章' })).toBeInTheDocument();
    expect(screen.queryByText('你的角色没有可用的页面。')).toBeNull();
    editor.unmount();

    signedInApi('owner').on('get', /^\/users$/, { data: { items: [], nextCursor: null } });
    const owner = await renderConsole('/users');
    expect(
      within(await screen.findByRole('navigation', { name: '主导航' })).getByRole('link', { name: '文章' }),
    ).toBeInTheDocument();
    owner.unmount();

    signedInApi('support').on('get', /^\/users$/, { data: { items: [], nextCursor: null } });
    await renderConsole('/users');
    const supportNav = await screen.findByRole('navigation', { name: '主导航' });
    expect(within(supportNav).getByRole('link', { name: '用户' })).toBeInTheDocument();
    expect(within(supportNav).queryByRole('link', { name: '文章' })).toBeNull();
  });

  it('filters by section, language, state and words, and pages with the cursor', async () => {
    const api = signedInApi('editor');
    api.on('get', /^\/articles$/, (call) =>
      call.params.cursor === 'c2'
        ? { data: { items: [sampleArticleRow(2, { state: 'published', views: 7 })], nextCursor: null } }
        : { data: { items: [sampleArticleRow(1, { titles: { zh: '寄样清单', en: 'Samples' } })], nextCursor: 'c2' } },
    );
    await renderConsole('/articles');
    const table = await screen.findByTestId('articles-table');
    const link = within(table).getByRole('link', { name: '寄样清单' });
    expect(link).toHaveAttribute('href', '/articles/1');
    expect(table).toHaveTextContent('Samples');
    expect(table).toHaveTextContent('草稿');
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await within(table).findByText('文章 2')).toBeInTheDocument();
    expect(table).toHaveTextContent('已发布');

    fireEvent.change(screen.getByLabelText('栏目'), { target: { value: 'test' } });
    fireEvent.change(screen.getByLabelText('语言'), { target: { value: 'en' } });
    fireEvent.change(screen.getByLabelText('状态'), { target: { value: 'scheduled' } });
    fireEvent.change(screen.getByLabelText('标题或 slug'), { target: { value: ' 寄样 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/articles').at(-1)?.params).toEqual({
        section: 'test',
        lang: 'en',
        state: 'scheduled',
        q: '寄样',
      }),
    );
    // The first page's query left the empty filters out.
    expect(api.calls.find((c) => c.path === '/articles')?.params).toEqual({});
  });

  it('starts a draft and opens it in the editor; a taken slug is said next to the slug', async () => {
    const api = signedInApi('editor');
    let tries = 0;
    api
      .on('get', /^\/articles$/, { data: { items: [], nextCursor: null } })
      .on('post', /^\/articles$/, () =>
        ++tries === 1
          ? { status: 409, code: 40140, message: '这个栏目已有这个 slug', data: { field: 'slug' } }
          : { data: sampleArticle({ id: 1000002, slug: 'new-one', zh: null }) },
      )
      .on('get', /^\/articles\/1000002$/, { data: sampleArticle({ id: 1000002, slug: 'new-one', zh: null }) });
    await renderConsole('/articles');
    expect(await screen.findByText('没有文章')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('新文章的栏目'), { target: { value: 'test' } });
    const slug = screen.getByLabelText('新文章的 slug');
    fireEvent.change(slug, { target: { value: 'taken' } });
    fireEvent.click(screen.getByRole('button', { name: '创建草稿' }));
    expect(await screen.findByText('这个栏目已有这个 slug')).toBeInTheDocument();
    expect(slug).toHaveAttribute('aria-invalid', 'true');
    expect(slug).toHaveAccessibleDescription('这个栏目已有这个 slug');
    fireEvent.change(slug, { target: { value: 'new-one' } });
    fireEvent.click(screen.getByRole('button', { name: '创建草稿' }));
    expect(await screen.findByRole('heading', { name: '编辑文章 #1000002' })).toBeInTheDocument();
    const posts = api.calls.filter((c) => c.method === 'post' && c.path === '/articles');
    expect(posts.at(-1)?.body).toEqual({ section: 'test', slug: 'new-one', tags: [] });
    expect(posts.at(-1)?.headers['X-CSRF-Token']).toBe('csrf-1');
  });
});
