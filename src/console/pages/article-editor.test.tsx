import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SAMPLE_MEDIA, sampleArticle } from '../test/articles';
import type { FakeCall } from '../test/fake-api';
import { renderConsole } from '../test/render-app';
import { signedInApi } from '../test/signed-in';
import { shanghaiIso, shanghaiLocal, tagsOf } from './article-editor';

const ID = 1000001;
const path = new RegExp(`^/articles/${ID}$`);
const slow = { timeout: 4000 };

/** An editor on the sample article whose PUT answers with what it was sent. */
function editorApi(extra: Record<string, unknown> = {}) {
  const api = signedInApi('editor');
  let stored = sampleArticle(extra);
  api
    .on('get', path, () => ({ data: stored }))
    .on('put', path, (call: FakeCall) => {
      const body = call.body as Record<string, unknown>;
      stored = { ...stored, ...body, updatedAt: '2026-11-28T16:30:00.000Z' } as typeof stored;
      return { data: stored };
    })
    .on('post', /^\/articles\/preview$/, (call) => ({
      data: { html: `<p>drawn: ${(call.body as { body: string }).body.length}</p>` },
    }));
  return api;
}

const puts = (api: ReturnType<typeof signedInApi>) => api.calls.filter((c) => c.method === 'put');
/** The body of the last PUT (the working copy saved last). */
const lastSaved = (api: ReturnType<typeof signedInApi>) =>
  (puts(api).at(-1)?.body ?? {}) as { zh?: { title: string; body: string }; en?: { title: string } };

describe('the article editor', () => {
  it('shows both languages side by side and autosaves the working copy, saying so in a live region', async () => {
    const api = editorApi();
    await renderConsole(`/articles/${ID}`);
    expect(await screen.findByRole('heading', { name: '编辑文章：寄样清单' })).toHaveFocus();
    const zh = screen.getByRole('group', { name: '中文' });
    const en = screen.getByRole('group', { name: '英文' });
    expect(within(zh).getByLabelText('中文标题')).toHaveValue('寄样清单');
    expect(within(en).getByLabelText('英文标题')).toHaveValue('');
    const status = screen.getByTestId('save-status');
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveTextContent('已保存');
    expect(screen.getByTestId('article-views')).toHaveTextContent('12');
    expect(screen.getByTestId('article-likes')).toHaveTextContent('3');

    fireEvent.change(within(en).getByLabelText('英文标题'), { target: { value: 'Sample checklist' } });
    fireEvent.change(screen.getByLabelText('标签（逗号分隔，最多 4 个）'), { target: { value: '寄样，达人, 物流' } });
    expect(status).toHaveTextContent('有未保存的修改');
    // Typing pauses are not announced: only the visible line says so.
    expect(status).toHaveAttribute('aria-live', 'off');
    expect(screen.getByTestId('save-announcement')).toBeEmptyDOMElement();
    await waitFor(() => expect(puts(api)).toHaveLength(1), slow);
    expect(puts(api)[0]?.body).toEqual({
      section: 'operate',
      slug: 'sample-checklist',
      tags: ['寄样', '达人', '物流'],
      cover: null,
      zh: { title: '寄样清单', summary: '寄样前核对五件事', body: '## 寄样\n\n先核对地址。' },
      en: { title: 'Sample checklist', summary: '', body: '' },
    });
    expect(puts(api)[0]?.headers['X-CSRF-Token']).toBe('csrf-1');
    await waitFor(() => expect(status).toHaveTextContent('已保存（2026/11/29 00:30）'));
    expect(screen.getByTestId('save-announcement')).toBeEmptyDOMElement();
    // The text is read in its own language; the labels in the console's.
    expect(within(en).getByLabelText('英文标题')).toHaveAttribute('lang', 'en');
    expect(within(zh).getByLabelText('中文正文（Markdown）')).toHaveAttribute('lang', 'zh-CN');
    expect(en).not.toHaveAttribute('lang');
  });

  it('keeps the edit when a save fails, says so, and saves it on retry; a refused field is named next to it', async () => {
    const api = editorApi();
    let failing = true;
    api.on('put', path, () =>
      failing
        ? { status: 503, code: 503, message: '服务繁忙' }
        : {
            data: sampleArticle({
              zh: { title: '新标题', summary: '寄样前核对五件事', body: '## 寄样\n\n先核对地址。' },
            }),
          },
    );
    await renderConsole(`/articles/${ID}`);
    const title = await screen.findByLabelText('中文标题');
    fireEvent.change(title, { target: { value: '新标题' } });
    const status = screen.getByTestId('save-status');
    await waitFor(() => expect(status).toHaveTextContent('保存失败：服务繁忙'), slow);
    const announcement = screen.getByTestId('save-announcement');
    expect(announcement).toHaveAttribute('aria-live', 'polite');
    expect(announcement).toHaveTextContent('保存失败：服务繁忙');
    expect(title).toHaveValue('新标题');
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: '重新保存' }));
    await waitFor(() => expect(status).toHaveTextContent('已保存'));
    expect(announcement).toHaveTextContent('已保存');
    expect(lastSaved(api).zh?.title).toBe('新标题');

    api.on('put', path, { status: 409, code: 40140, message: '这个栏目已有这个 slug', data: { field: 'slug' } });
    const slug = screen.getByLabelText('Slug');
    fireEvent.change(slug, { target: { value: 'taken' } });
    await waitFor(() => expect(slug).toHaveAttribute('aria-invalid', 'true'), slow);
    expect(slug).toHaveAccessibleDescription('这个栏目已有这个 slug');
    expect(slug).toHaveValue('taken');
  });

  it('draws the live preview with the public renderer, and inserts an uploaded picture at the caret', async () => {
    const api = editorApi();
    api.on('post', /^\/media$/, { data: SAMPLE_MEDIA });
    await renderConsole(`/articles/${ID}`);
    const zh = await screen.findByRole('group', { name: '中文' });
    const preview = within(zh).getByRole('region', { name: '中文预览' });
    await waitFor(() => expect(preview).toHaveTextContent(/drawn: 13/), slow);
    expect(preview).toHaveTextContent('寄样清单');

    const body = within(zh).getByLabelText('中文正文（Markdown）') as HTMLTextAreaElement;
    body.setSelectionRange(5, 5);
    fireEvent.change(within(zh).getByLabelText('中文图片说明（alt）'), { target: { value: '寄样流程图' } });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'flow.png', { type: 'image/png' });
    fireEvent.change(within(zh).getByLabelText('在中文正文光标处插入图片'), { target: { files: [file] } });
    await waitFor(() => expect(body.value).toBe(`## 寄样\n\n![寄样流程图](${SAMPLE_MEDIA.url})\n\n先核对地址。`));
    const upload = api.calls.find((c) => c.path === '/media');
    const form = upload?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('file')).toHaveProperty('name', 'flow.png');
    await waitFor(() => expect(preview).toHaveTextContent(`drawn: ${body.value.length}`), slow);
    await waitFor(() => expect(puts(api).length).toBeGreaterThan(0), slow);
    expect(lastSaved(api).zh?.body).toContain(SAMPLE_MEDIA.url);
  });

  it('refuses a picture over 5 MB before sending it, and says what the server refused', async () => {
    const api = editorApi();
    api.on('post', /^\/media$/, {
      status: 415,
      code: 40142,
      message: '只能上传 PNG、JPEG 或 WebP 图片',
      data: { field: 'file' },
    });
    await renderConsole(`/articles/${ID}`);
    const cover = await screen.findByLabelText('上传封面图片');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(cover, { target: { files: [big] } });
    expect(await screen.findByText('图片不能超过 5 MB')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/media')).toBe(false);
    fireEvent.change(cover, { target: { files: [new File(['GIF89a'], 'a.png', { type: 'image/png' })] } });
    expect(await screen.findByText('只能上传 PNG、JPEG 或 WebP 图片')).toBeInTheDocument();
    expect(cover).toHaveAttribute('aria-invalid', 'true');
  });

  it('publishes after confirming, saving the pending edit first; a missing translation is named at its field', async () => {
    const api = editorApi();
    let publishes = 0;
    api.on('post', new RegExp(`^/articles/${ID}/publish$`), () =>
      ++publishes === 1
        ? { status: 400, code: 40141, message: '英文标题不能为空', data: { field: 'en.title' } }
        : {
            data: sampleArticle({
              state: 'published',
              publishedAt: '2026-11-28T16:40:00.000Z',
              links: { zh: 'http://portal.test/business-college/operate/1000001', en: null },
            }),
          },
    );
    await renderConsole(`/articles/${ID}`);
    fireEvent.change(await screen.findByLabelText('中文摘要'), { target: { value: '新的摘要' } });
    fireEvent.click(screen.getByRole('button', { name: '立即发布' }));
    const panel = screen.getByRole('dialog', { name: '立即发布' });
    fireEvent.click(within(panel).getByRole('button', { name: '确认' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('英文标题不能为空');
    // The edit was saved before the publish was asked for.
    const order = api.calls.filter((c) => c.method !== 'get' && c.path !== '/articles/preview').map((c) => c.method);
    expect(order).toEqual(['put', 'post']);
    const enTitle = screen.getByLabelText('英文标题');
    expect(enTitle).toHaveAttribute('aria-invalid', 'true');
    expect(enTitle).toHaveAccessibleDescription('英文标题不能为空');

    fireEvent.change(enTitle, { target: { value: 'Sample checklist' } });
    fireEvent.click(within(panel).getByRole('button', { name: '重试' }));
    expect(await within(panel).findByText('已完成', {}, slow)).toBeInTheDocument();
    expect(screen.getByTestId('article-state')).toHaveTextContent('已发布');
    expect(
      screen.getByRole('link', { name: 'http://portal.test/business-college/operate/1000001' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '撤下' })).toBeInTheDocument();
    const last = api.calls.filter((c) => c.path === `/articles/${ID}/publish`).at(-1);
    expect(last?.body).toEqual({});
    expect(lastSaved(api).en?.title).toBe('Sample checklist');
  });

  it('schedules for a time in Beijing time and unpublishes after confirming', async () => {
    const api = editorApi();
    api
      .on('post', new RegExp(`^/articles/${ID}/publish$`), {
        data: sampleArticle({ state: 'scheduled', publishAt: '2026-12-01T01:30:00.000Z' }),
      })
      .on('post', new RegExp(`^/articles/${ID}/unpublish$`), { data: sampleArticle({ state: 'unpublished' }) });
    await renderConsole(`/articles/${ID}`);
    fireEvent.change(await screen.findByLabelText('定时发布时间（北京时间）'), {
      target: { value: '2026-12-01T09:30' },
    });
    fireEvent.click(screen.getByRole('button', { name: '定时发布' }));
    const panel = screen.getByRole('dialog', { name: '定时发布' });
    fireEvent.click(within(panel).getByRole('button', { name: '确认' }));
    expect(await within(panel).findByText('已完成')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === `/articles/${ID}/publish`)?.body).toEqual({
      at: '2026-12-01T09:30:00+08:00',
    });
    expect(screen.getByTestId('article-state')).toHaveTextContent('已定时 2026/12/01 09:30');
    fireEvent.click(within(panel).getByRole('button', { name: '关闭' }));
    fireEvent.click(screen.getByRole('button', { name: '撤下' }));
    const unpublish = screen.getByRole('dialog', { name: '撤下文章' });
    fireEvent.click(within(unpublish).getByRole('button', { name: '确认' }));
    await waitFor(() => expect(screen.getByTestId('article-state')).toHaveTextContent('已撤下'));
  });

  it('makes a signed preview link to copy', async () => {
    const api = editorApi();
    api.on('post', new RegExp(`^/articles/${ID}/preview-link$`), {
      data: { url: 'http://portal.test/business-college/preview/tok.sig', expiresAt: '2026-11-29T16:00:00.000Z' },
    });
    await renderConsole(`/articles/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: '生成预览链接' }));
    const link = await screen.findByTestId('preview-link');
    expect(link).toHaveValue('http://portal.test/business-college/preview/tok.sig');
    expect(link).toHaveAccessibleName(/预览链接（2026\/11\/30 00:00 前有效/);
  });

  it('asks before leaving while an edit is not saved yet, and stays when told to', async () => {
    const api = editorApi();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    try {
      const { router } = await renderConsole(`/articles/${ID}`);
      fireEvent.change(await screen.findByLabelText('中文标题'), { target: { value: '还没保存' } });
      fireEvent.click(screen.getByRole('link', { name: '文章' }));
      await waitFor(() => expect(confirm).toHaveBeenCalledWith('修改还没有保存，仍要离开吗？'));
      expect(router.state.location.pathname).toBe(`/articles/${ID}`);
      expect(screen.getByLabelText('中文标题')).toHaveValue('还没保存');

      // Once saved, leaving asks nothing.
      await waitFor(() => expect(lastSaved(api).zh?.title).toBe('还没保存'), slow);
      await waitFor(() => expect(screen.getByTestId('save-status')).toHaveTextContent('已保存'));
      confirm.mockClear();
      fireEvent.click(screen.getByRole('link', { name: '文章' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/articles'));
      expect(confirm).not.toHaveBeenCalled();
    } finally {
      confirm.mockRestore();
    }
  });

  it('shows the load error of an article that is not there', async () => {
    signedInApi('editor').on('get', path, { status: 404, code: 40407, message: '没有这篇文章' });
    await renderConsole(`/articles/${ID}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('没有这篇文章');
  });
});

describe('the editor’s values', () => {
  it('reads tags and Beijing times', () => {
    expect(tagsOf(' 寄样，达人、物流, ,')).toEqual(['寄样', '达人', '物流']);
    expect(shanghaiIso('2026-12-01T09:30')).toBe('2026-12-01T09:30:00+08:00');
    expect(shanghaiLocal('2026-12-01T01:30:00.000Z')).toBe('2026-12-01T09:30');
  });
});
