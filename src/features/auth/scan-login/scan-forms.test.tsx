/**
 * The bind and register forms of a WeChat that is not bound yet, driven through the real machine with fake
 * effects: what they check before sending, what they send, and how the server's answers are shown.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sampleQrCode, sampleUserInfo } from '#machines/scan-login/scan-login.testing';
import { ApiRequestError } from '~/lib/api/client';
import { INVITE_COOKIE, REGISTE_INFO_KEY } from '~/lib/storage-keys';
import { errorOf, field } from '../test-utils';
import { reachUnbound, renderPanel, stateHeading } from './test-utils';
import { scanRuntime } from './use-scan-login';

beforeAll(async () => {
  await scanRuntime.load();
});
afterEach(() => {
  Cookies.remove(INVITE_COOKIE, { path: '/' });
  localStorage.clear();
});

const apiError = (status: number, code: number, message: string, extra: { field?: string } = {}) =>
  new ApiRequestError({ status, code, message, ...extra });

async function openBind(locale: 'zh' | 'en' = 'zh') {
  const user = userEvent.setup();
  const rendered = await renderPanel({ locale });
  await reachUnbound(rendered.effects);
  await user.click(screen.getByRole('button', { name: locale === 'zh' ? '立即绑定' : 'Bind now' }));
  await waitFor(() => expect(stateHeading()).toHaveFocus());
  return { ...rendered, user };
}

async function openRegister(locale: 'zh' | 'en' = 'zh') {
  const user = userEvent.setup();
  const rendered = await renderPanel({ locale });
  await reachUnbound(rendered.effects);
  await user.click(screen.getByRole('button', { name: locale === 'zh' ? '使用微信注册' : 'Register with WeChat' }));
  return { ...rendered, user };
}

describe('bind form', () => {
  it('checks the fields before sending', async () => {
    const { user, effects } = await openBind();
    expect(stateHeading()).toHaveTextContent('绑定已有账号');
    await user.click(screen.getByRole('button', { name: '绑定并登录' }));
    expect(errorOf('手机号码')).toBe('请输入手机号码');
    expect(errorOf('验证码')).toBe('请输入验证码');
    expect(field('手机号码')).toHaveFocus();
    await user.type(field('手机号码'), '12345');
    await user.type(field('验证码'), '12');
    await user.click(screen.getByRole('button', { name: '绑定并登录' }));
    expect(errorOf('手机号码')).toBe('手机号格式不正确');
    expect(errorOf('验证码')).not.toBeNull();
    expect(effects.submits).toHaveLength(0);
  });

  it('asks for no password: only a code sent to the phone binds', async () => {
    await openBind();
    expect(screen.queryByLabelText('账号密码')).toBeNull();
    expect(screen.queryByRole('button', { name: '使用密码' })).toBeNull();
    expect(screen.getByText('验证码将发送到该账号的手机，绑定后该手机会收到一条通知短信。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeInTheDocument();
  });

  it('binds with phone and SMS code, then says "绑定成功" and completes the login', async () => {
    const { user, effects } = await openBind();
    await user.type(field('手机号码'), '138 0013 8000');
    await user.type(field('验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '绑定并登录' }));
    await waitFor(() => expect(effects.pendingCount().submits).toBe(1));
    expect(effects.submits[0].input).toEqual({
      ticket: sampleQrCode.ticket,
      form: { action: 'bind', phone: '13800138000', countryCode: 1, code: '123456' },
    });
    expect(screen.getByRole('button', { name: '绑定中…' })).toHaveAttribute('aria-disabled', 'true');
    effects.answerSubmit(sampleUserInfo);
    expect(await screen.findByRole('heading', { name: '绑定成功' })).toBeInTheDocument();
    expect(effects.completed).toEqual([{ userInfo: sampleUserInfo, how: 'bind' }]);
  });

  it('binds with an SMS code, and shows a wrong code next to the code field', async () => {
    const { user, effects } = await openBind('en');
    await user.type(field('Phone number'), '13800138000');
    await user.type(field('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Bind and log in' }));
    await waitFor(() => expect(effects.pendingCount().submits).toBe(1));
    expect(effects.submits[0].input.form).toEqual({
      action: 'bind',
      phone: '13800138000',
      countryCode: 1,
      code: '123456',
    });
    effects.failSubmit(apiError(400, 40004, 'Wrong or expired verification code'));
    await waitFor(() => expect(errorOf('Verification code')).toBe('Wrong or expired verification code'));
    expect(field('Verification code')).toHaveFocus();
    expect(stateHeading()).toHaveTextContent('Bind an existing account');
  });

  it('toasts a refusal without a field and keeps what was typed', async () => {
    const { user, effects } = await openBind();
    await user.type(field('手机号码'), '13800138000');
    await user.type(field('验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '绑定并登录' }));
    await waitFor(() => expect(effects.pendingCount().submits).toBe(1));
    effects.failSubmit(apiError(500, 50000, '服务器内部错误'));
    expect(await screen.findByText('绑定失败：服务器内部错误')).toBeInTheDocument();
    expect(field('验证码')).toHaveValue('123456');
    expect(screen.getByRole('button', { name: '绑定并登录' })).not.toHaveAttribute('aria-disabled');
  });

  it('says "绑定失败" with the reason for a final failure, and scans again', async () => {
    const { user, effects } = await openBind();
    await user.type(field('手机号码'), '13800138000');
    await user.type(field('验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '绑定并登录' }));
    await waitFor(() => expect(effects.pendingCount().submits).toBe(1));
    effects.failSubmit(apiError(409, 40022, '该账号已绑定其他微信'));
    expect(await screen.findByRole('heading', { name: '绑定失败' })).toBeInTheDocument();
    expect(screen.getByText('该账号已绑定其他微信')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '重新扫码' }));
    await waitFor(() => expect(effects.creates).toHaveLength(2));
  });

  it.each([
    [apiError(403, 40014, '账号已被封禁'), '账号已被封禁'],
    [apiError(410, 40023, '二维码已过期'), '二维码已过期'],
  ])('ends in the state the server says (%s)', async (error, heading) => {
    const { user, effects } = await openBind();
    await user.type(field('手机号码'), '13800138000');
    await user.type(field('验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '绑定并登录' }));
    await waitFor(() => expect(effects.pendingCount().submits).toBe(1));
    effects.failSubmit(error);
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it('goes back to the choice', async () => {
    const { user } = await openBind('en');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Register with WeChat' })).toBeInTheDocument();
    expect(stateHeading()).toHaveTextContent('This WeChat is not bound to an account yet');
  });
});

describe('register with WeChat', () => {
  it('starts with the WeChat nickname and the invite code, and sends the register form with attribution', async () => {
    Cookies.set(INVITE_COOKIE, 'INV-42', { path: '/' });
    localStorage.setItem(REGISTE_INFO_KEY, JSON.stringify({ utm_term: 'creators' }));
    const { user, effects } = await openRegister();
    expect(stateHeading()).toHaveTextContent('使用微信注册');
    expect(field('昵称')).toHaveValue('微信用户');
    await waitFor(() => expect(field(/邀请码/)).toHaveValue('INV-42'));
    await user.click(screen.getByRole('button', { name: '注册并登录' }));
    expect(errorOf('手机号码')).toBe('请输入手机号码');
    expect(errorOf('验证码')).toBe('请输入验证码');
    expect(errorOf('设置密码')).toBe('请输入账号密码');
    expect(effects.submits).toHaveLength(0);

    await user.type(field('手机号码'), '13900139000');
    await user.type(field('验证码'), '654321');
    await user.type(field('设置密码'), 'a long password');
    await user.click(screen.getByRole('button', { name: '注册并登录' }));
    await waitFor(() => expect(effects.pendingCount().submits).toBe(1));
    expect(effects.submits[0].input).toEqual({
      ticket: sampleQrCode.ticket,
      form: {
        action: 'register',
        phone: '13900139000',
        countryCode: 1,
        code: '654321',
        password: 'a long password',
        nickname: '微信用户',
        inviteCode: 'INV-42',
        channelId: 2,
        clientId: 'morestores',
        registeInfo: { utm_term: 'creators' },
      },
    });
    effects.answerSubmit(sampleUserInfo);
    expect(await screen.findByRole('heading', { name: '注册成功' })).toBeInTheDocument();
    expect(effects.completed).toEqual([{ userInfo: sampleUserInfo, how: 'register' }]);
  });

  it('shows a phone that is already registered next to the phone field, in English', async () => {
    const { user, effects } = await openRegister('en');
    expect(screen.getByRole('form', { name: 'Register with WeChat' })).toBeInTheDocument();
    await user.type(field('Phone number'), '13900139000');
    await user.type(field('Verification code'), '654321');
    await user.type(field('Password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Register and log in' }));
    await waitFor(() => expect(effects.pendingCount().submits).toBe(1));
    const sent = effects.submits[0].input.form;
    expect(sent).not.toHaveProperty('inviteCode');
    expect(sent).not.toHaveProperty('registeInfo');
    effects.failSubmit(apiError(400, 40006, 'This phone number is already registered'));
    await waitFor(() => expect(errorOf('Phone number')).toBe('This phone number is already registered'));
  });

  it('asks for a nickname when WeChat gave none', async () => {
    const user = userEvent.setup();
    const { effects } = await renderPanel();
    await reachUnbound(effects, null);
    expect(screen.queryByText(/微信昵称/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '使用微信注册' }));
    expect(field('昵称')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: '注册并登录' }));
    expect(errorOf('昵称')).toBe('请输入您的昵称');
  });
});
