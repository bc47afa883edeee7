/**
 * The login page's WeChat tab and the /scan_code page with the real effects (API calls mocked): the panel
 * loads only when the tab opens, `?tab=scan` opens it, the tab keyboard pattern, and what a finished login does
 * (toast, session, the workbench or the redirect).
 */
import { createRoute } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleQrCode, sampleUserInfo } from '#machines/scan-login/scan-login.testing';
import { signIn } from '~/app/session';
import { getToasts } from '~/components/toast/toast';
import { ToastHost } from '~/components/toast/toast-host';
import { showCarriedToast } from '~/components/toast/toaster';
import { createLoginQrCode, getQrStatus, wxUserLogin } from '~/lib/api/scan-login';
import { renderWithRouter } from '~/test/providers';
import { leavePage } from '../navigation';
import { field, renderAuthPage } from '../test-utils';
import { ScanCodePage } from './scan-code-page';

vi.mock('~/lib/api/accounts', async () => (await import('../accounts-mock')).accountsMock());
vi.mock('~/lib/api/scan-login', () => ({
  createLoginQrCode: vi.fn(),
  getQrStatus: vi.fn(),
  wxUserLogin: vi.fn(),
}));
vi.mock('~/app/session', async (original) => ({
  ...(await original<typeof import('~/app/session')>()),
  signIn: vi.fn(async () => {}),
}));
vi.mock('~/app/use-session', () => ({
  useSession: vi.fn(() => ({ loggedIn: false, userName: '', loggingOut: false })),
}));

const { expiresAt: _, ...code } = { ...sampleQrCode, pollInterval: 0.01 };

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(createLoginQrCode).mockResolvedValue(code);
  vi.mocked(getQrStatus).mockReturnValue(new Promise(() => {}));
  // The target page arrives at once and shows the toast the sign-in carried to it (toast.carry).
  assign = vi.spyOn(leavePage, 'assign').mockImplementation(() => showCarriedToast());
});
afterEach(() => assign.mockRestore());

describe('login page: the WeChat tab', () => {
  it('loads the panel only when the tab opens', async () => {
    const { user } = await renderAuthPage('/en/login');
    const tab = screen.getByRole('tab', { name: 'Scan with WeChat' });
    expect(tab).toHaveAttribute('aria-selected', 'false');
    expect(createLoginQrCode).not.toHaveBeenCalled();
    await user.click(tab);
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Scan with WeChat');
    expect(await screen.findByRole('heading', { name: 'Scan with WeChat to log in' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'WeChat login QR code' })).toHaveAttribute('data-qr-url', code.qrUrl);
    expect(screen.getByText(/^Expires in \d:\d\d$/)).toBeInTheDocument();
    expect(createLoginQrCode).toHaveBeenCalledTimes(1);
    // Leaving the tab stops the panel (no more polls for a code nobody looks at).
    await user.click(screen.getByRole('tab', { name: 'Log in' }));
    expect(screen.queryByRole('img', { name: 'WeChat login QR code' })).not.toBeInTheDocument();
  });

  it('opens on the WeChat tab with ?tab=scan and follows the tab keys', async () => {
    const { user } = await renderAuthPage('/login?tab=scan');
    const tablist = screen.getByRole('tablist', { name: '登录或注册' });
    const scanTab = within(tablist).getByRole('tab', { name: '微信扫码登录' });
    expect(scanTab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: '请使用微信扫一扫登录' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('欢迎登录');
    scanTab.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(tablist).getByRole('tab', { name: '账号登录' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(scanTab).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(within(tablist).getByRole('tab', { name: '快速注册领取试用权益' })).toHaveAttribute('aria-selected', 'true');
  });

  it('logs in when the phone confirms: toast, session, then the same-site redirect', async () => {
    vi.mocked(getQrStatus).mockResolvedValue({ status: 'bound', userInfo: sampleUserInfo });
    await renderAuthPage('/login?tab=scan&redirect=%2Fbusiness-college%2Foperate%2F3');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/business-college/operate/3'));
    expect(getQrStatus).toHaveBeenCalledWith(code.ticket);
    expect(signIn).toHaveBeenCalledWith(sampleUserInfo);
    expect(await screen.findByRole('heading', { name: '登录成功' })).toBeInTheDocument();
    expect(getToasts()).toContainEqual(expect.objectContaining({ kind: 'success', message: '登录成功' }));
  });

  it('binds and says "Bind success", then opens the English workbench', async () => {
    vi.mocked(getQrStatus).mockResolvedValue({ status: 'unbound', expiresIn: 600, identity: { nickname: 'Wei' } });
    vi.mocked(wxUserLogin).mockResolvedValue(sampleUserInfo);
    const { user } = await renderAuthPage('/en/login?tab=scan');
    await user.click(await screen.findByRole('button', { name: 'Bind now' }));
    await user.type(field('Phone number'), '13800138000');
    await user.type(field('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Bind and log in' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/en/workbench/function_introduction'));
    expect(wxUserLogin).toHaveBeenCalledWith({
      ticket: code.ticket,
      action: 'bind',
      phone: '13800138000',
      countryCode: 1,
      code: '123456',
    });
    expect(getToasts()).toContainEqual(expect.objectContaining({ kind: 'success', message: 'Bind success' }));
    expect(await screen.findByRole('heading', { name: 'Bind success' })).toBeInTheDocument();
  });

  it('registers with WeChat and goes to the workbench whatever the redirect', async () => {
    vi.mocked(getQrStatus).mockResolvedValue({ status: 'unbound', expiresIn: 600, identity: { nickname: 'Wei' } });
    vi.mocked(wxUserLogin).mockResolvedValue(sampleUserInfo);
    const { user } = await renderAuthPage('/login?tab=scan&redirect=%2Fbusiness-college');
    await user.click(await screen.findByRole('button', { name: '使用微信注册' }));
    await user.type(field('手机号码'), '13900139000');
    await user.type(field('验证码'), '654321');
    await user.type(field('设置密码'), 'a long password');
    await user.click(screen.getByRole('button', { name: '注册并登录' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/workbench/function_introduction'));
    expect(vi.mocked(wxUserLogin).mock.calls[0][0]).toMatchObject({ action: 'register', nickname: 'Wei' });
    expect(signIn).toHaveBeenCalledWith(sampleUserInfo);
    expect(getToasts()).toContainEqual(expect.objectContaining({ kind: 'success', message: '注册成功' }));
  });
});

describe('/scan_code', () => {
  async function renderScanCode(path: string, scanCode?: typeof code) {
    return renderWithRouter(null, {
      path,
      locale: path.startsWith('/en') ? 'en' : 'zh',
      env: { isMobile: true, scanCode },
      routes: (root) =>
        ['scan_code', 'en/scan_code'].map((p) =>
          createRoute({
            getParentRoute: () => root,
            path: p,
            component: () => (
              <>
                <ScanCodePage />
                <ToastHost />
              </>
            ),
          }),
        ),
    });
  }

  it('shows the code full width with the long-press hint and links to login and registration', async () => {
    await renderScanCode('/scan_code?utm_term=x');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('微信扫码登录');
    expect(await screen.findByText('长按二维码，在微信中识别')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '账号密码登录' })).toHaveAttribute('href', '/login?utm_term=x');
    expect(screen.getByRole('link', { name: '注册新账号' })).toHaveAttribute('href', '/register?utm_term=x');
    // No customer-service layer on phones: the banned state offers a new scan only.
  });

  it('speaks English under /en', async () => {
    await renderScanCode('/en/scan_code');
    expect(await screen.findByText('Press and hold the QR code to open it in WeChat')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in with phone and password' })).toHaveAttribute('href', '/en/login');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/en/register');
  });

  it('shows the code the server put in the page from the first render and polls it, asking for no other', async () => {
    const fromPage = { ...code, ticket: 'P'.repeat(43), qrUrl: 'http://localhost/wx-sim?scene=Lpage' };
    const first = await renderScanCode('/scan_code', fromPage);
    // Drawn with the page's first render, before the machine has loaded.
    expect(screen.getByRole('img', { name: '微信登录二维码' })).toHaveAttribute('data-qr-url', fromPage.qrUrl);
    expect(screen.getByText('5:00 后二维码失效')).toBeInTheDocument();
    await waitFor(() => expect(getQrStatus).toHaveBeenCalledWith(fromPage.ticket));
    expect(createLoginQrCode).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: '微信登录二维码' })).toHaveAttribute('data-qr-url', fromPage.qrUrl);
    first.unmount();
    // Back on the page in the app (the same environment): that code has been taken, a new one is asked for.
    await renderScanCode('/scan_code', fromPage);
    await waitFor(() => expect(createLoginQrCode).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('img', { name: '微信登录二维码' })).toHaveAttribute('data-qr-url', code.qrUrl);
  });
});
