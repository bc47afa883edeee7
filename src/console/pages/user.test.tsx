import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleUserPage } from '../test/fake-api';
import { renderConsole } from '../test/render-app';
import { signedInApi } from '../test/signed-in';

describe("a user's page", () => {
  it('shows the account masked, and the full number only through its own confirmed action', async () => {
    const api = signedInApi('support');
    api
      .on('get', /^\/users\/42$/, { data: sampleUserPage })
      .on('post', /^\/users\/42\/phone$/, { data: { countryCode: 86, phone: '13800005678' } });
    await renderConsole('/users/42');
    expect(await screen.findByRole('heading', { name: '用户 小王的店（138****5678）' })).toHaveFocus();
    expect(screen.getByTestId('phone')).toHaveTextContent('+86 138****5678');
    expect(screen.getByText('bd-123')).toBeInTheDocument();
    expect(screen.getByText(/已绑定：王老板/)).toBeInTheDocument();
    expect(screen.getByTestId('closure')).toHaveTextContent('无');
    expect(api.calls.some((c) => c.path === '/users/42/phone')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '显示完整手机号' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: '显示完整手机号' })).getByRole('button', { name: '确认' }),
    );
    expect(await screen.findByText('+86 13800005678')).toBeInTheDocument();
  });

  it('bans with a reason and shows the ban the server answers', async () => {
    const api = signedInApi('support');
    api.on('get', /^\/users\/42$/, { data: sampleUserPage }).on('post', /^\/users\/42\/ban$/, (call) => ({
      data: {
        ...sampleUserPage,
        banned: true,
        ban: { at: '2026-11-28T03:00:00.000Z', reason: (call.body as { reason: string }).reason },
        sessions: [],
      },
    }));
    await renderConsole('/users/42');
    fireEvent.click(await screen.findByRole('button', { name: '封禁账号' }));
    const dialog = screen.getByRole('dialog', { name: '封禁账号' });
    const confirm = within(dialog).getByRole('button', { name: '确认' });
    expect(confirm).toBeDisabled();
    expect(within(dialog).getByLabelText('原因（必填）')).toHaveFocus();
    fireEvent.change(within(dialog).getByLabelText('原因（必填）'), { target: { value: ' 刷单 ' } });
    fireEvent.click(confirm);
    expect(await screen.findByTestId('ban-state')).toHaveTextContent('原因: 刷单');
    expect(api.calls.find((c) => c.path === '/users/42/ban')?.body).toEqual({ reason: '刷单' });
    expect(screen.getByText('没有在线的设备')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '解除封禁' })).toBeInTheDocument();
  });

  it('says when there is no such user', async () => {
    signedInApi('support').on('get', /^\/users\/42$/, { status: 404, code: 40404, message: '用户不存在' });
    await renderConsole('/users/42');
    expect(await screen.findByRole('alert')).toHaveTextContent('加载失败：用户不存在');
  });
});
