import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forceLogout } from '~/app/session';
import { resetPassword, sendSmsCode } from '~/lib/api/accounts';
import { apiError, errorOf, field, passCaptcha, renderAuthPage } from './test-utils';

vi.mock('~/lib/api/accounts', async () => (await import('./accounts-mock')).accountsMock());
vi.mock('~/app/session', async (original) => ({
  ...(await original<typeof import('~/app/session')>()),
  forceLogout: vi.fn(),
}));

beforeEach(() => vi.clearAllMocks());

type User = Awaited<ReturnType<typeof renderAuthPage>>['user'];

async function fillForm(user: User, labels = { phone: '手机号码', code: '验证码', password: '新密码' }) {
  await user.type(field(labels.phone), '13800138000');
  await user.type(field(labels.code), '654321');
  await user.type(field(labels.password), 'a new password');
}

describe('forget password page', () => {
  it('says what is missing, in Chinese', async () => {
    const { user } = await renderAuthPage('/forget_password');
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    expect(errorOf('手机号码')).toBe('请输入手机号码');
    expect(errorOf('验证码')).toBe('请输入验证码');
    expect(errorOf('新密码')).toBe('请输入新的账号密码');
    expect(resetPassword).not.toHaveBeenCalled();
  });

  it('says it in English', async () => {
    const { user } = await renderAuthPage('/en/forget_password');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(errorOf('Phone number')).toBe('Enter your phone number');
    expect(errorOf('Verification code')).toBe('Enter the code');
    expect(errorOf('New password')).toBe('Enter a new password');
  });

  it('resets the password, toasts and goes to the login page of the same language', async () => {
    const { user, router } = await renderAuthPage('/en/forget_password');
    await fillForm(user, { phone: 'Phone number', code: 'Verification code', password: 'New password' });
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    expect(resetPassword).toHaveBeenCalledWith({
      phone: '13800138000',
      countryCode: 1,
      code: '654321',
      password: 'a new password',
    });
    expect(await screen.findByText('Password reset succeeded')).toBeInTheDocument();
  });

  it('ends a session this browser still holds, since the reset revoked it on the server', async () => {
    Cookies.set('Authorization', 'old-token', { path: '/' });
    try {
      const { user } = await renderAuthPage('/forget_password');
      await fillForm(user);
      await user.click(screen.getByRole('button', { name: '重置密码' }));
      await waitFor(() => expect(forceLogout).toHaveBeenCalledTimes(1));
    } finally {
      Cookies.remove('Authorization', { path: '/' });
    }
  });

  it('goes to /login from the Chinese page', async () => {
    const { user, router } = await renderAuthPage('/forget_password');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('密码重置成功')).toBeInTheDocument();
  });

  it('shows a wrong code next to the code field and keeps the values', async () => {
    vi.mocked(resetPassword).mockRejectedValueOnce(apiError(400, 40004, '验证码错误或已过期'));
    const { user, router } = await renderAuthPage('/forget_password');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    await waitFor(() => expect(errorOf('验证码')).toBe('验证码错误或已过期'));
    expect(field('新密码')).toHaveValue('a new password');
    expect(router.state.location.pathname).toBe('/forget_password');
  });

  it('toasts "密码重置失败" with the server message otherwise', async () => {
    vi.mocked(resetPassword).mockRejectedValueOnce(apiError(500, 500, '服务器开小差了'));
    const { user } = await renderAuthPage('/forget_password');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: '重置密码' }));
    expect(await screen.findByText('密码重置失败：服务器开小差了')).toBeInTheDocument();
  });

  it('sends a reset code', async () => {
    const { user } = await renderAuthPage('/forget_password');
    await user.type(field('手机号码'), '13800138000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await passCaptcha(user);
    await waitFor(() =>
      expect(sendSmsCode).toHaveBeenCalledWith({
        phone: '13800138000',
        countryCode: 1,
        purpose: 'reset',
        ticket: 'ticket-1',
      }),
    );
  });

  it('links back to login', async () => {
    await renderAuthPage('/en/forget_password');
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/en/login');
  });
});
