import { act, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { type FakeApi, fakeApi, renderWithSession, resetSessionStorage, storeSession } from '~/app/session.test-utils';
import { getToasts } from '~/components/toast/toast';
import { userBaseInfo } from '~/lib/api/accounts';
import { AUTH_COOKIE, LOGOUT_EVENT, REGISTE_INFO_KEY, SESSION_SYNC_KEY, USER_INFO_KEY } from '~/lib/storage-keys';
import { renderInLayout } from './test-utils';
import { UserCentre } from './user-centre';

let api: FakeApi;
// The toaster's UI loads with the first toast; load it once up front so a cold run does not time out.
beforeAll(async () => {
  await import('~/components/toast/toaster');
});
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  api.restore();
  resetSessionStorage();
});

const ok = (message = '退出成功') => ({ status: 200, body: { code: 200, message } });

async function openLogout(
  user: Awaited<ReturnType<typeof renderWithSession>>['user'],
  name: string,
  label = '退出登录',
) {
  await user.click(screen.getByRole('button', { name }));
  await user.click(screen.getByRole('button', { name: label }));
}

function otherTabChangedSession() {
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_SYNC_KEY, newValue: String(Date.now()) }));
  });
}

describe('UserCentre', () => {
  it('offers login when logged out', async () => {
    await renderWithSession(<UserCentre />);
    expect(screen.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: '退出登录' })).not.toBeInTheDocument();
  });

  it('links to the English login page under /en', async () => {
    await renderWithSession(<UserCentre />, { locale: 'en' });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/en/login');
  });

  it('shows the user name, logout and the workbench when logged in', async () => {
    storeSession({ userName: '小王的店', username: 'ignored' });
    const { user } = await renderWithSession(<UserCentre />, {
      env: { workbenchUrl: '/workbench/function_introduction' },
    });
    const account = screen.getByRole('button', { name: '小王的店' });
    expect(account).toHaveAttribute('aria-expanded', 'false');
    await user.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: '退出登录' })).toBeVisible();
    expect(screen.getByRole('link', { name: '进入工作台' })).toHaveAttribute(
      'href',
      '/workbench/function_introduction',
    );
    expect(screen.getByRole('link', { name: '账号设置' })).toHaveAttribute('href', '/account');
    expect(screen.queryByRole('link', { name: '登录' })).not.toBeInTheDocument();
  });

  it('falls back to `username` for the name', async () => {
    storeSession({ username: 'seller_01' });
    const { user } = await renderWithSession(<UserCentre />, { locale: 'en' });
    await user.click(screen.getByRole('button', { name: 'seller_01' }));
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the workbench' })).toBeInTheDocument();
    // Its English name waits for the catalog (账号设置 → Account settings).
    expect(screen.getByRole('link', { name: /^(账号设置|Account settings)$/ })).toHaveAttribute('href', '/en/account');
  });

  it('closes the account panel with Escape and returns focus to the name', async () => {
    storeSession({ userName: '小王的店' });
    const { user } = await renderWithSession(<UserCentre />);
    const account = screen.getByRole('button', { name: '小王的店' });
    account.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('link', { name: '进入工作台' })).toBeVisible();
    await user.tab();
    expect(screen.getByRole('link', { name: '进入工作台' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(account).toHaveFocus();
    expect(screen.queryByRole('link', { name: '进入工作台' })).not.toBeInTheDocument();
  });

  it('counts as logged out without the Authorization cookie, whatever userInfo says', async () => {
    window.localStorage.setItem(USER_INFO_KEY, JSON.stringify({ userName: 'stale' }));
    await renderWithSession(<UserCentre />);
    expect(screen.queryByText('stale')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '登录' })).toBeInTheDocument();
  });

  it('renders logged out on the server (no session effects)', async () => {
    storeSession({ userName: '小王的店' });
    await renderInLayout(<UserCentre />);
    expect(screen.getByRole('link', { name: '登录' })).toBeInTheDocument();
  });

  it('logs out: posts the user name with the token, tells the plug-in, clears the session and goes to login', async () => {
    storeSession({ userName: '小王的店' }, 'tok-logout');
    window.localStorage.setItem(REGISTE_INFO_KEY, JSON.stringify({ urlCode: 'abc' }));
    const heard: Event[] = [];
    const listen = (event: Event) => heard.push(event);
    window.addEventListener(LOGOUT_EVENT, listen);
    const { user, router } = await renderWithSession(<UserCentre />, { locale: 'en', path: '/en/business-college' });

    await openLogout(user, '小王的店', 'Log out');
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      url: '/api/v2/web/userlogout',
      body: { userName: '小王的店' },
      headers: { 'x-auth-token': 'tok-logout', 'accept-language': 'en' },
    });
    // Nothing is cleared before the server has answered.
    expect(Cookies.get(AUTH_COOKIE)).toBe('tok-logout');
    await act(async () => api.respond(ok('Logged out')));

    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    expect(Cookies.get(AUTH_COOKIE)).toBeUndefined();
    expect(window.localStorage.getItem(USER_INFO_KEY)).toBeNull();
    expect(window.localStorage.getItem(REGISTE_INFO_KEY)).toBeNull();
    expect(heard).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    window.removeEventListener(LOGOUT_EVENT, listen);
  });

  it('stays logged in and shows the server’s message when the logout answers another code', async () => {
    storeSession({ userName: '小王的店' });
    const { user } = await renderWithSession(<UserCentre />);
    api.answerNext({ status: 500, body: { code: 50000, message: '服务繁忙，请稍后再试' } });
    await openLogout(user, '小王的店');
    expect(await screen.findByText('服务繁忙，请稍后再试')).toBeInTheDocument();
    expect(getToasts()).toContainEqual({ kind: 'error', message: '服务繁忙，请稍后再试' });
    expect(Cookies.get(AUTH_COOKIE)).toBe('token-123');
    expect(screen.getByRole('button', { name: '小王的店' })).toBeInTheDocument();
  });

  it.each([
    ['zh', '退出登录', '退出登录失败'],
    ['en', 'Log out', 'Logout failed'],
  ] as const)('shows the default logout failure (%s) when the server gives no message', async (locale, label, text) => {
    storeSession({ userName: '小王的店' });
    const { user } = await renderWithSession(<UserCentre />, { locale });
    api.answerNext({ status: 200, body: { code: 500, message: '' } });
    await openLogout(user, '小王的店', label);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(Cookies.get(AUTH_COOKIE)).toBe('token-123');
  });

  it('only logs an exception (no toast) and stays logged in', async () => {
    storeSession({ userName: '小王的店' });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await renderWithSession(<UserCentre />);
    api.answerNext(new Error('Network Error'));
    await openLogout(user, '小王的店');
    await waitFor(() => expect(errors).toHaveBeenCalledWith('[session] logout failed:', expect.anything()));
    expect(getToasts()).toEqual([]);
    expect(screen.getByRole('button', { name: '小王的店' })).toBeInTheDocument();
    expect(Cookies.get(AUTH_COOKIE)).toBe('token-123');
    errors.mockRestore();
  });

  it('logs out when the plug-in fires `user-login-out`, without firing it back', async () => {
    storeSession({ userName: '小王的店' });
    const heard: Event[] = [];
    const listen = (event: Event) => heard.push(event);
    window.addEventListener(LOGOUT_EVENT, listen);
    const { router } = await renderWithSession(<UserCentre />, { path: '/business-college' });
    api.answerNext(ok());
    act(() => {
      window.dispatchEvent(new Event(LOGOUT_EVENT));
    });
    expect(await screen.findByRole('link', { name: '登录' })).toBeInTheDocument();
    expect(api.requests.map((request) => request.url)).toEqual(['/api/v2/web/userlogout']);
    expect(Cookies.get(AUTH_COOKIE)).toBeUndefined();
    expect(router.state.location.pathname).toBe('/login');
    // Only the plug-in's own event: the page did not echo it.
    expect(heard).toHaveLength(1);
    window.removeEventListener(LOGOUT_EVENT, listen);
  });

  it('follows another tab: a logout there logs out here, a login there logs in here', async () => {
    storeSession({ userName: '小王的店' });
    const { router } = await renderWithSession(<UserCentre />, { path: '/business-college' });
    expect(screen.getByRole('button', { name: '小王的店' })).toBeInTheDocument();

    Cookies.remove(AUTH_COOKIE, { path: '/' });
    window.localStorage.removeItem(USER_INFO_KEY);
    otherTabChangedSession();
    expect(await screen.findByRole('link', { name: '登录' })).toBeInTheDocument();
    // This tab stays where it is, and calls no API.
    expect(router.state.location.pathname).toBe('/business-college');
    expect(api.requests).toEqual([]);

    storeSession({ userName: '另一个账号' }, 'token-456');
    otherTabChangedSession();
    expect(await screen.findByRole('button', { name: '另一个账号' })).toBeInTheDocument();
  });

  it('a 401 from any call clears the session and goes to login', async () => {
    storeSession({ userName: '小王的店' });
    window.localStorage.setItem(REGISTE_INFO_KEY, '{"urlCode":"x"}');
    const { router } = await renderWithSession(<UserCentre />, { locale: 'en', path: '/en/business-college' });
    api.answerNext({ status: 401, body: { code: 40002, message: 'Your session has expired, please log in again' } });
    await act(async () => {
      await expect(userBaseInfo()).rejects.toMatchObject({ status: 401, code: 40002 });
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    expect(Cookies.get(AUTH_COOKIE)).toBeUndefined();
    expect(window.localStorage.getItem(REGISTE_INFO_KEY)).toBeNull();
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    // No logout call: the token is already dead.
    expect(api.requests.map((request) => request.url)).toEqual(['/api/v2/dm_user_base_info']);
  });
});
