import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../test/render-app';
import { signedInApi } from '../test/signed-in';

const row = (id: string, phoneMasked: string, extra: Record<string, unknown> = {}) => ({
  id,
  brand: 'starreach',
  countryCode: 86,
  phoneMasked,
  nickname: `店铺${id}`,
  inviteCode: null,
  channelId: 2,
  createdAt: '2026-11-20T02:00:00.000Z',
  banned: false,
  closed: false,
  ...extra,
});

describe('the users page', () => {
  it('searches by the last four digits and lists masked phones linking to the user', async () => {
    const api = signedInApi('support');
    api.on('get', /^\/users$/, (call) =>
      call.params.q === '5678'
        ? { data: { items: [row('42', '138****5678', { banned: true })], nextCursor: null } }
        : { data: { items: [], nextCursor: null } },
    );
    await renderConsole('/users');
    expect(await screen.findByRole('heading', { name: '用户' })).toHaveFocus();
    expect(await screen.findByText('没有找到用户')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('手机号、后四位、昵称或邀请码'), { target: { value: ' 5678 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    const link = await screen.findByRole('link', { name: '+86 138****5678' });
    expect(link).toHaveAttribute('href', '/users/42');
    expect(within(screen.getByRole('table')).getByText('已封禁')).toBeInTheDocument();
    const last = api.calls.filter((c) => c.path === '/users').at(-1);
    // Empty filters are left out: the query stays inside the contract.
    expect(last?.params).toEqual({ q: '5678' });
    // The full number is never in the list.
    expect(document.body.textContent).not.toContain('13800005678');
  });

  it('sends the filters and pages with the cursor', async () => {
    const api = signedInApi();
    api.on('get', /^\/users$/, (call) =>
      call.params.cursor === 'c2'
        ? { data: { items: [row('2', '139****0002')], nextCursor: null } }
        : { data: { items: [row('1', '139****0001')], nextCursor: 'c2' } },
    );
    await renderConsole('/users');
    await screen.findByRole('link', { name: '+86 139****0001' });
    fireEvent.change(screen.getByLabelText('品牌'), { target: { value: 'creatorbox' } });
    fireEvent.change(screen.getByLabelText('渠道'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('注册日期从'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('到'), { target: { value: '2026-11-28' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/users').at(-1)?.params).toEqual({
        brand: 'creatorbox',
        channel: 7,
        from: '2026-11-01',
        to: '2026-11-28',
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: '下一页' }));
    expect(await screen.findByRole('link', { name: '+86 139****0002' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下一页' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: '上一页' }));
    expect(await screen.findByRole('link', { name: '+86 139****0001' })).toBeInTheDocument();
  });

  it("shows the server's message when the search fails, and retries", async () => {
    const api = signedInApi();
    api.on('get', /^\/users$/, { status: 500, code: 500, message: '服务繁忙' });
    await renderConsole('/users');
    expect(await screen.findByRole('alert')).toHaveTextContent('加载失败：服务繁忙');
    api.on('get', /^\/users$/, { data: { items: [row('1', '139****0001')], nextCursor: null } });
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('link', { name: '+86 139****0001' })).toBeInTheDocument();
  });

  it('shows in the navigation only what the role may use', async () => {
    signedInApi('support').on('get', /^\/users$/, { data: { items: [], nextCursor: null } });
    await renderConsole('/users');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['用户', '注册统计', '审计日志']);
    expect(within(nav).getByRole('link', { name: '用户' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows an owner the webhooks too', async () => {
    signedInApi('owner').on('get', /^\/users$/, { data: { items: [], nextCursor: null } });
    await renderConsole('/users');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['用户', '注册统计', '审计日志', 'Webhook', '文章']);
  });
});
