import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '~/app/session';
import { showCarriedToast } from '~/components/toast/toaster';
import { register, sendSmsCode } from '~/lib/api/accounts';
import { INVITE_COOKIE, REGISTE_INFO_KEY } from '~/lib/storage-keys';
import { leavePage } from './navigation';
import { apiError, errorOf, field, passCaptcha, renderAuthPage, userInfo } from './test-utils';

vi.mock('~/lib/api/accounts', async () => (await import('./accounts-mock')).accountsMock());
vi.mock('~/app/session', async (original) => ({
  ...(await original<typeof import('~/app/session')>()),
  signIn: vi.fn(async () => {}),
}));

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.clearAllMocks();
  // The target page arrives at once and shows the toast the sign-in carried to it (toast.carry).
  assign = vi.spyOn(leavePage, 'assign').mockImplementation(() => showCarriedToast());
});
afterEach(() => {
  assign.mockRestore();
  Cookies.remove(INVITE_COOKIE, { path: '/' });
  localStorage.clear();
});

type User = Awaited<ReturnType<typeof renderAuthPage>>['user'];

async function fillForm(
  user: User,
  labels = { phone: '手机号码', code: '验证码', nickname: '昵称', password: '设置密码' },
) {
  await user.type(field(labels.phone), '13800138000');
  await user.type(field(labels.code), '123456');
  await user.type(field(labels.nickname), '  Alice  ');
  await user.type(field(labels.password), 'a long password');
}

describe('register page: validation', () => {
  it('says what is missing next to each field, in Chinese', async () => {
    const { user } = await renderAuthPage('/register');
    await user.click(screen.getByRole('button', { name: '注册并免费试用' }));
    expect(errorOf('手机号码')).toBe('请输入手机号码');
    expect(errorOf('验证码')).toBe('请输入验证码');
    expect(errorOf('昵称')).toBe('请输入您的昵称');
    expect(errorOf('设置密码')).toBe('请输入账号密码');
    expect(errorOf(/邀请码/)).toBeNull();
    expect(field('手机号码')).toHaveFocus();
    expect(register).not.toHaveBeenCalled();
  });

  it('says it in English on /en/register', async () => {
    const { user } = await renderAuthPage('/en/register');
    await user.click(screen.getByRole('button', { name: 'Register and start the free trial' }));
    expect(errorOf('Phone number')).toBe('Enter your phone number');
    expect(errorOf('Verification code')).toBe('Enter the code');
    expect(errorOf('Nickname')).toBe('Choose a nickname');
    expect(errorOf('Password')).toBe('Enter your password');
  });

  it('"Get code" with an empty phone asks for the phone', async () => {
    const { user } = await renderAuthPage('/en/register');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(errorOf('Phone number')).toBe('Please enter your phone number');
  });

  it('checks formats: code of 6 digits, password of 8 to 64, nickname up to 32', async () => {
    const { user } = await renderAuthPage('/register');
    await user.type(field('手机号码'), '13800138000');
    await user.type(field('验证码'), '12a');
    await user.type(field('昵称'), 'x'.repeat(33));
    await user.type(field('设置密码'), 'x'.repeat(65));
    await user.click(screen.getByRole('button', { name: '注册并免费试用' }));
    expect(errorOf('验证码')).toBe('验证码为 6 位数字');
    expect(errorOf('昵称')).toBe('昵称最多 32 个字符');
    expect(errorOf('设置密码')).toBe('密码长度为 8 到 64 个字符');
    expect(field('验证码')).toHaveFocus();
  });
});

describe('register page: submit', () => {
  it('sends the form with channel 2, the client id, the invite code and the attribution, then opens the workbench', async () => {
    Cookies.set(INVITE_COOKIE, 'INV-42', { path: '/' });
    localStorage.setItem(REGISTE_INFO_KEY, JSON.stringify({ utm_term: 'creators', bd_vid: 'b1' }));
    vi.mocked(register).mockResolvedValue(userInfo);
    const { user } = await renderAuthPage('/register');
    await waitFor(() => expect(field(/邀请码/)).toHaveValue('INV-42'));
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: '注册并免费试用' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/workbench/function_introduction'));
    expect(register).toHaveBeenCalledWith({
      phone: '13800138000',
      countryCode: 1,
      code: '123456',
      password: 'a long password',
      nickname: 'Alice',
      inviteCode: 'INV-42',
      channelId: 2,
      clientId: 'morestores',
      registeInfo: { utm_term: 'creators', bd_vid: 'b1' },
    });
    expect(signIn).toHaveBeenCalledWith(userInfo);
    expect(await screen.findByText('注册成功')).toBeInTheDocument();
  });

  it("pre-fills the invite code of the URL (the brand's query key) before the layout has stored it", async () => {
    Cookies.set(INVITE_COOKIE, 'OLD-1', { path: '/' });
    window.history.replaceState(null, '', '/register?invite_code=CB-7');
    try {
      await renderAuthPage('/register?invite_code=CB-7', { env: { brandId: 'creatorbox' } });
      await waitFor(() => expect(field(/邀请码/)).toHaveValue('CB-7'));
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('lets the visitor change the invite code and leaves out what is empty', async () => {
    Cookies.set(INVITE_COOKIE, 'INV-42', { path: '/' });
    vi.mocked(register).mockResolvedValue(userInfo);
    const { user } = await renderAuthPage('/en/register');
    await waitFor(() => expect(field(/Invite code/)).toHaveValue('INV-42'));
    await user.clear(field(/Invite code/));
    await fillForm(user, {
      phone: 'Phone number',
      code: 'Verification code',
      nickname: 'Nickname',
      password: 'Password',
    });
    await user.click(screen.getByRole('button', { name: 'Register and start the free trial' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/en/workbench/function_introduction'));
    const sent = vi.mocked(register).mock.calls[0][0];
    expect(sent).not.toHaveProperty('inviteCode');
    expect(sent).not.toHaveProperty('registeInfo');
    expect(await screen.findByText('Register success')).toBeInTheDocument();
  });

  it.each([
    [apiError(400, 40006, '该手机号已注册，请直接登录'), '手机号码', '该手机号已注册，请直接登录'],
    [apiError(400, 40004, '验证码错误或已过期'), '验证码', '验证码错误或已过期'],
    [apiError(400, 40012, '该密码过于常见，请换一个'), '设置密码', '该密码过于常见，请换一个'],
    [apiError(400, 40000, '昵称过长', { field: 'nickname' }), '昵称', '昵称过长'],
    [apiError(400, 40000, '邀请码无效', { field: 'inviteCode' }), /邀请码/, '邀请码无效'],
  ])('shows the server error %# next to its field', async (error, label, message) => {
    vi.mocked(register).mockRejectedValue(error);
    const { user } = await renderAuthPage('/register');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: '注册并免费试用' }));
    await waitFor(() => expect(errorOf(label)).toBe(message));
    expect(field(label)).toHaveFocus();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('toasts "注册失败" with the server message for other failures and keeps every value', async () => {
    vi.mocked(register).mockRejectedValue(apiError(500, 500, '服务器开小差了'));
    const { user } = await renderAuthPage('/register');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: '注册并免费试用' }));
    expect(await screen.findByText('注册失败：服务器开小差了')).toBeInTheDocument();
    expect(field('手机号码')).toHaveValue('13800138000');
    expect(field('验证码')).toHaveValue('123456');
    expect(field('昵称')).toHaveValue('  Alice  ');
    expect(field('设置密码')).toHaveValue('a long password');
  });

  it('shows the busy state while registering', async () => {
    vi.mocked(register).mockReturnValue(new Promise(() => {}));
    const { user } = await renderAuthPage('/register');
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: '注册并免费试用' }));
    expect(screen.getByRole('button', { name: '注册中…' })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('register page: SMS code', () => {
  it('sends a register code after the captcha and counts down', async () => {
    const { user } = await renderAuthPage('/en/register');
    await user.type(field('Phone number'), '13800138000');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('dialog', { name: 'Security check' })).toBeInTheDocument();
    await passCaptcha(user);
    await waitFor(() =>
      expect(sendSmsCode).toHaveBeenCalledWith({
        phone: '13800138000',
        countryCode: 1,
        purpose: 'register',
        ticket: 'ticket-1',
      }),
    );
    expect(await screen.findByText('Mobile phone verification code sent successfully')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '60 s' })).toBeDisabled();
  });

  it('shows an already registered phone next to the phone field', async () => {
    vi.mocked(sendSmsCode).mockRejectedValueOnce(apiError(400, 40006, '该手机号已注册，请直接登录'));
    const { user } = await renderAuthPage('/register');
    await user.type(field('手机号码'), '13800138000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await passCaptcha(user);
    await waitFor(() => expect(errorOf('手机号码')).toBe('该手机号已注册，请直接登录'));
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled();
  });

  it('shows the wait of a 429 on the button', async () => {
    vi.mocked(sendSmsCode).mockRejectedValueOnce(
      apiError(429, 429, '操作过于频繁，请 56 秒后再试', { retryAfter: 56 }),
    );
    const { user } = await renderAuthPage('/register');
    await user.type(field('手机号码'), '13800138000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await passCaptcha(user);
    expect(await screen.findByRole('button', { name: '请 56 秒后再试' })).toBeDisabled();
  });

  it('toasts a failed send with the server message', async () => {
    vi.mocked(sendSmsCode).mockRejectedValueOnce(apiError(400, 40005, '请先完成安全验证'));
    const { user } = await renderAuthPage('/register');
    await user.type(field('手机号码'), '13800138000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await passCaptcha(user);
    expect(await screen.findByText('手机验证码发送失败：请先完成安全验证')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled();
  });

  it('says the provider failure once', async () => {
    vi.mocked(sendSmsCode).mockRejectedValueOnce(
      apiError(502, 40013, 'Failed to send the mobile phone verification code'),
    );
    const { user } = await renderAuthPage('/en/register');
    await user.type(field('Phone number'), '13800138000');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await passCaptcha(user);
    expect(await screen.findByText('Failed to send the mobile phone verification code')).toBeInTheDocument();
  });

  it('sends nothing when the captcha is closed', async () => {
    const { user } = await renderAuthPage('/register');
    await user.type(field('手机号码'), '13800138000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('dialog', { name: '安全验证' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sendSmsCode).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled();
  });
});

describe('register page: layout and links', () => {
  it('keeps the query string on "back to login"', async () => {
    await renderAuthPage('/register?utm_term=creators&bd_vid=b1');
    const back = screen.getByRole('link', { name: '返回登录' });
    expect(back.getAttribute('href')).toMatch(/^\/login\?/);
    const query = new URLSearchParams(back.getAttribute('href')?.split('?')[1]);
    expect(query.get('utm_term')).toBe('creators');
    expect(query.get('bd_vid')).toBe('b1');
  });

  it('shows the trial benefits beside the form on desktop', async () => {
    await renderAuthPage('/register');
    expect(screen.getByRole('complementary', { name: '免费试用权益' })).toHaveTextContent('注册即享 3 天免费试用');
  });

  it('shows only the form on phones, and opens the agreement there too', async () => {
    const { user } = await renderAuthPage('/register', { env: { isMobile: true } });
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '《用户协议》' }));
    expect(await screen.findByRole('dialog', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
