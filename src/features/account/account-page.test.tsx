import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  sampleAccount,
  sampleBoundAccount,
  sampleClosingAccount,
  sampleClosure,
} from '#machines/account/account.testing';
import { createFakeScanEffects, sampleQrCode, sampleStatuses } from '#machines/scan-login/scan-login.testing';
import { CLOSURE_COOLING_OFF_DAYS } from '#shared/contract/account';
import type { AccountSession } from '~/lib/api/account';
import { COOLING_OFF_DAYS } from './sections';
import { apiError, createFakeAccountEffects, renderAccountPage } from './test-utils';

const session = vi.hoisted(() => ({
  signIn: vi.fn(async () => {}),
  forceLogout: vi.fn(),
  readStoredSession: vi.fn(() => ({
    token: 'token-abc',
    userInfo: { userName: '小王的店', nickname: '小王的店', Authorization: 'token-abc' },
  })),
}));
vi.mock('~/app/session', async (original) => ({ ...(await original()), ...session }));

const sessions: AccountSession[] = [
  {
    id: '11',
    browser: 'Chrome 120',
    system: 'Windows 10/11',
    firstSeenAt: '2026-11-20T08:00:00.000Z',
    lastSeenAt: '2026-11-28T08:00:00.000Z',
    address: '203.0.113.7',
    current: true,
  },
  {
    id: '12',
    browser: 'Safari 17',
    system: 'iOS 17',
    firstSeenAt: '2026-11-21T08:00:00.000Z',
    lastSeenAt: null,
    address: '198.51.100.9',
    current: false,
  },
];

const region = (name: string | RegExp) => within(screen.getByRole('region', { name }));

afterEach(() => vi.clearAllMocks());

describe('account page', () => {
  it('binds a WeChat by scanning the bind code: the code only on request, then the binding is shown', async () => {
    const fake = createFakeAccountEffects({ listSessions: () => sessions });
    const scan = createFakeScanEffects();
    await renderAccountPage({ ...fake.effects, wechatScan: scan });
    await act(async () => fake.answer('loadAccount', sampleAccount));
    const wechat = region('微信');
    expect(wechat.getByText('未绑定微信。绑定后可以用微信扫码登录。')).toBeInTheDocument();
    // No code is made until the seller asks for one.
    expect(scan.creates).toHaveLength(0);
    fireEvent.click(wechat.getByRole('button', { name: '扫码绑定微信' }));
    await waitFor(() => expect(scan.pendingCount().creates).toBe(1));
    await act(async () => scan.answerCreate({ ...sampleQrCode, pollInterval: 0.01, expiresAt: Date.now() + 300_000 }));
    expect(await wechat.findByRole('img', { name: '微信绑定二维码' })).toBeInTheDocument();
    await waitFor(() => expect(scan.pendingCount().polls).toBe(1));
    await act(async () => scan.answerPoll(sampleStatuses.linked));
    // The account loads again and shows the binding; the seller is told.
    await waitFor(() => expect(fake.pending('loadAccount')).not.toBeNull());
    await act(async () => fake.answer('loadAccount', sampleBoundAccount));
    expect(await wechat.findByText(/已绑定微信：微信用户/)).toBeInTheDocument();
    expect(wechat.queryByRole('img', { name: '微信绑定二维码' })).not.toBeInTheDocument();
    expect(wechat.getByRole('button', { name: '解除绑定' })).toBeInTheDocument();
    expect(await screen.findByText('微信已绑定')).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.name === 'loadAccount')).toHaveLength(2);
  });

  it('shows the account and saves a nickname; the header and userInfo follow', async () => {
    const fake = createFakeAccountEffects({ loadAccount: () => sampleAccount, listSessions: () => sessions });
    await renderAccountPage(fake.effects);
    expect(await screen.findByRole('heading', { level: 1, name: '账号设置' })).toBeInTheDocument();
    const profile = region('基本资料');
    expect(profile.getByText('138****8000')).toBeInTheDocument();
    fireEvent.change(profile.getByLabelText('昵称'), { target: { value: '  老王的店 ' } });
    fireEvent.click(profile.getByRole('button', { name: '保存昵称' }));
    await waitFor(() => expect(fake.pending('submit')).not.toBeNull());
    expect(fake.pending('submit')?.input).toEqual({ kind: 'profile', body: { nickname: '老王的店' } });
    await act(async () => fake.answer('submit', { ...sampleAccount, nickname: '老王的店' }));
    expect(await profile.findByRole('status')).toHaveTextContent('昵称已保存');
    expect(session.signIn).toHaveBeenCalledWith(
      expect.objectContaining({ userName: '老王的店', nickname: '老王的店' }),
    );
  });

  it('refuses an empty nickname without calling the server', async () => {
    const fake = createFakeAccountEffects({ loadAccount: () => sampleAccount, listSessions: () => [] });
    await renderAccountPage(fake.effects);
    const profile = region(await screen.findByText('基本资料', { selector: 'h2' }).then((h) => h.textContent ?? ''));
    fireEvent.change(profile.getByLabelText('昵称'), { target: { value: '  ' } });
    fireEvent.click(profile.getByRole('button', { name: '保存昵称' }));
    expect(await profile.findByText('请输入您的昵称')).toBeInTheDocument();
    expect(fake.calls.filter((call) => call.name === 'submit')).toHaveLength(0);
  });

  it("changes the password with the current one and shows the server's refusal in English on /en", async () => {
    const fake = createFakeAccountEffects({ loadAccount: () => sampleAccount, listSessions: () => sessions });
    await renderAccountPage(fake.effects, 'en');
    // The section's own words wait for the English catalog; the server's message is English already.
    const form = within(await screen.findByRole('form', { name: /修改密码|Change password/ }));
    fireEvent.change(form.getByLabelText(/^(当前密码|Current password)$/), { target: { value: 'wrong-pass-1' } });
    fireEvent.change(form.getByLabelText(/^(新密码|New password)$/), { target: { value: 'Brand-new-pass-2' } });
    fireEvent.submit(form.getByLabelText(/^(新密码|New password)$/).closest('form') as HTMLFormElement);
    await waitFor(() => expect(fake.pending('submit')).not.toBeNull());
    expect(fake.pending('submit')?.input).toEqual({
      kind: 'password',
      body: { oldPassword: 'wrong-pass-1', password: 'Brand-new-pass-2' },
    });
    await act(async () => fake.fail('submit', apiError(400, 40003, 'Wrong password')));
    expect(await form.findByRole('alert')).toHaveTextContent('Wrong password');
  });

  it('an account without a password sets one with an SMS code to its own phone', async () => {
    const fake = createFakeAccountEffects({
      loadAccount: () => ({ ...sampleAccount, hasPassword: false }),
      listSessions: () => [],
    });
    await renderAccountPage(fake.effects);
    const form = within(await screen.findByRole('form', { name: '修改密码' }));
    expect(form.queryByLabelText('当前密码')).toBeNull();
    expect(form.getByText('验证码将发送到账号绑定的手机号 138****8000，请输入完整号码。')).toBeInTheDocument();
    expect(form.getByRole('button', { name: '设置登录密码' })).toBeInTheDocument();
    fireEvent.change(form.getByLabelText('手机号码'), { target: { value: '13800138000' } });
    fireEvent.change(form.getByLabelText('验证码'), { target: { value: '123456' } });
    fireEvent.change(form.getByLabelText('新密码'), { target: { value: 'Brand-new-pass-2' } });
    fireEvent.click(form.getByRole('button', { name: '设置登录密码' }));
    await waitFor(() => expect(fake.pending('submit')).not.toBeNull());
    expect(fake.pending('submit')?.input).toEqual({
      kind: 'password',
      body: { code: '123456', password: 'Brand-new-pass-2' },
    });
  });

  it('lists the devices with this one marked, and signs out another', async () => {
    const fake = createFakeAccountEffects({ loadAccount: () => sampleAccount, listSessions: () => sessions });
    await renderAccountPage(fake.effects);
    const devices = region(/^登录设备$/);
    const rows = await devices.findAllByTestId('device');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('本设备')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Chrome 120 · Windows 10/11');
    expect(rows[0]).toHaveTextContent('203.0.113.7');
    expect(within(rows[0]).queryByRole('button')).toBeNull();
    fireEvent.click(within(rows[1]).getByRole('button', { name: '退出 Safari 17 · iOS 17 的登录' }));
    await waitFor(() => expect(fake.pending('submit')?.input).toEqual({ kind: 'revokeSession', sessionId: '12' }));
    const before = fake.calls.filter((call) => call.name === 'listSessions').length;
    await act(async () => fake.answer('submit', { revoked: 1 }));
    expect(await devices.findByRole('status')).toHaveTextContent('已退出所选设备的登录');
    expect(fake.calls.filter((call) => call.name === 'listSessions').length).toBe(before + 1);
    fireEvent.click(devices.getByRole('button', { name: '退出其他所有设备' }));
    await waitFor(() => expect(fake.pending('submit')?.input).toEqual({ kind: 'revokeOthers' }));
  });

  it('closes the account after the statement, the proof and the confirmation, then signs out', async () => {
    expect(COOLING_OFF_DAYS).toBe(CLOSURE_COOLING_OFF_DAYS);
    const fake = createFakeAccountEffects({ loadAccount: () => sampleAccount, listSessions: () => [] });
    await renderAccountPage(fake.effects);
    const closure = region(await screen.findByText('注销账号', { selector: 'h2' }).then(() => '注销账号'));
    expect(closure.getByText(/进入 15 天冷静期/)).toBeInTheDocument();
    fireEvent.change(closure.getByLabelText('当前密码'), { target: { value: 'Secret-pass-1' } });
    fireEvent.click(closure.getByRole('button', { name: '注销账号' }));
    expect(await closure.findByText('请先确认您已了解注销的后果')).toBeInTheDocument();
    expect(fake.pending('submit')).toBeNull();
    fireEvent.click(closure.getByLabelText('我已了解以上内容，确认注销账号'));
    fireEvent.click(closure.getByRole('button', { name: '注销账号' }));
    await waitFor(() =>
      expect(fake.pending('submit')?.input).toEqual({ kind: 'close', body: { password: 'Secret-pass-1' } }),
    );
    await act(async () => fake.answer('submit', sampleClosure));
    expect(await screen.findByText('账号已申请注销，已在所有设备上退出登录', { selector: 'p' })).toBeInTheDocument();
    expect(session.forceLogout).toHaveBeenCalledTimes(1);
  });

  it('a closing account is offered only the cancel, built from the closure', async () => {
    const fake = createFakeAccountEffects({ loadAccount: () => sampleClosingAccount, listSessions: () => [] });
    await renderAccountPage(fake.effects);
    expect(await screen.findByRole('heading', { name: '账号正在注销' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '基本资料' })).toBeNull();
    expect(screen.getByText(/冷静期将于 .*2026.* 结束/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '撤销注销' }));
    await waitFor(() => expect(fake.pending('cancelClosure')).not.toBeNull());
    await act(async () => fake.fail('cancelClosure', apiError(409, 40036, '账号没有待处理的注销申请')));
    expect(await screen.findByRole('alert')).toHaveTextContent('账号没有待处理的注销申请');
    fireEvent.click(screen.getByRole('button', { name: '撤销注销' }));
    await waitFor(() => expect(fake.pending('cancelClosure')).not.toBeNull());
    await act(async () => fake.answer('cancelClosure', sampleAccount));
    expect(await screen.findByRole('region', { name: '基本资料' })).toBeInTheDocument();
  });
});
