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
import { OAUTH_CODE_KEY } from './wechat-browser';

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
  window.sessionStorage.clear();
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

  it('keeps a fresh code’s ticket and goes to the web authorisation, back to /scan_code', async () => {
    const { user } = await renderScanCode('/en/scan_code');
    await user.click(await screen.findByTestId('wechat-sign-in'));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    const target = new URL(String(assign.mock.calls[0][0]), 'http://x');
    expect(target.pathname).toBe('/wx/oauth/start');
    expect(Object.fromEntries(target.searchParams)).toEqual({ ticket: code.ticket, return: '/en/scan_code' });
    expect(JSON.parse(window.sessionStorage.getItem(OAUTH_CODE_KEY) ?? '{}')).toMatchObject({ ticket: code.ticket });
  });

  it('polls the kept ticket when WeChat sends the browser back, and logs in', async () => {
    const kept = { ...code, ticket: 'T'.repeat(43), expiresAt: Date.now() + 60_000 };
    window.sessionStorage.setItem(OAUTH_CODE_KEY, JSON.stringify(kept));
    window.history.replaceState(null, '', '/scan_code?wx_oauth=bound');
    vi.mocked(getQrStatus).mockResolvedValue({ status: 'bound', userInfo: sampleUserInfo });
    await renderScanCode('/scan_code?wx_oauth=bound');
    await waitFor(() => expect(signIn).toHaveBeenCalledWith(sampleUserInfo));
    expect(getQrStatus).toHaveBeenCalledWith(kept.ticket);
    expect(window.sessionStorage.getItem(OAUTH_CODE_KEY)).toBeNull();
  });
});
