/**
 * "Sign in with WeChat" (issue 34, item 3): shown on the phone's login and /scan_code only inside WeChat's browser
 * (`MicroMessenger` in the user agent); it keeps a fresh code's ticket and goes to /wx/oauth/start; back from the
 * authorisation, the panel polls that ticket and logs in.
 */
import { createRoute } from '@tanstack/react-router';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleQrCode, sampleUserInfo } from '#machines/scan-login/scan-login.testing';
import { signIn } from '~/app/session';
import { ToastHost } from '~/components/toast/toast-host';
import { createLoginQrCode, getQrStatus } from '~/lib/api/scan-login';
import { renderWithRouter } from '~/test/providers';
import { leavePage } from '../navigation';
import { renderAuthPage } from '../test-utils';
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

const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2c) NetType/WIFI Language/zh_CN';
const SAFARI_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const { expiresAt: _, ...code } = { ...sampleQrCode, pollInterval: 0.01 };

let assign: ReturnType<typeof vi.spyOn>;
let userAgent: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(createLoginQrCode).mockResolvedValue(code);
  vi.mocked(getQrStatus).mockReturnValue(new Promise(() => {}));
  assign = vi.spyOn(leavePage, 'assign').mockImplementation(() => {});
  userAgent = vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);
});
afterEach(() => {
  assign.mockRestore();
  userAgent.mockRestore();
  window.history.replaceState(null, '', '/');
});

function renderScanCode(path: string) {
  return renderWithRouter(null, {
    path,
    locale: path.startsWith('/en') ? 'en' : 'zh',
    env: { isMobile: true },
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

describe('Sign in with WeChat', () => {
  it('shows on the phone’s login inside WeChat', async () => {
    await renderAuthPage('/login', { env: { isMobile: true } });
    expect(await screen.findByRole('button', { name: '使用微信登录' })).toBeInTheDocument();
  });

  it('is not offered in a phone’s other browsers', async () => {
    userAgent.mockReturnValue(SAFARI_UA);
    await renderAuthPage('/en/login', { env: { isMobile: true } });
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByTestId('wechat-sign-in')).toBeNull();
  });

  it('is not offered on a desktop login, even in WeChat’s desktop browser', async () => {
    await renderAuthPage('/login', { env: { isMobile: false } });
    expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(screen.queryByTestId('wechat-sign-in')).toBeNull();
  });

  it('goes to the web authorisation, to come back to /scan_code, without asking for a QR code', async () => {
    const { user } = await renderScanCode('/en/scan_code');
    vi.mocked(createLoginQrCode).mockClear();
    await user.click(await screen.findByTestId('wechat-sign-in'));
    expect(assign).toHaveBeenCalledWith('/wx/oauth/start?return=%2Fen%2Fscan_code');
    expect(createLoginQrCode).not.toHaveBeenCalled();
  });

  it('polls the ticket of the return address’s fragment, logs in, and forgets the fragment', async () => {
    const ticket = 'T'.repeat(43);
    window.history.replaceState(null, '', `/scan_code?wx_oauth=bound#wx_ticket=${ticket}`);
    vi.mocked(getQrStatus).mockResolvedValue({ status: 'bound', userInfo: sampleUserInfo });
    await renderScanCode('/scan_code?wx_oauth=bound');
    await waitFor(() => expect(getQrStatus).toHaveBeenCalledWith(ticket), { timeout: 3000 });
    await waitFor(() => expect(signIn).toHaveBeenCalledWith(sampleUserInfo), { timeout: 3000 });
    expect(createLoginQrCode).not.toHaveBeenCalled();
    expect(window.location.hash).toBe('');
  });
});
