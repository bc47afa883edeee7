import { act, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { AUTH_COOKIE, REGISTE_INFO_KEY, USER_INFO_KEY } from '~/lib/storage-keys';
import { LOGOUT_EVENT } from './session-storage';
import { renderInLayout } from './test-utils';
import { UserCentre } from './user-centre';

function logIn(userInfo: Record<string, unknown>) {
  Cookies.set(AUTH_COOKIE, 'token-123', { path: '/' });
  window.localStorage.setItem(USER_INFO_KEY, JSON.stringify(userInfo));
}

afterEach(() => {
  Cookies.remove(AUTH_COOKIE, { path: '/' });
  window.localStorage.clear();
});

describe('UserCentre', () => {
  it('offers login when logged out', async () => {
    await renderInLayout(<UserCentre />);
    expect(screen.getByRole('link', { name: '登录' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: '退出登录' })).not.toBeInTheDocument();
  });

  it('links to the English login page under /en', async () => {
    await renderInLayout(<UserCentre />, { locale: 'en' });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/en/login');
  });

  it('shows the user name, logout and the workbench when logged in', async () => {
    logIn({ userName: '小王的店', username: 'ignored' });
    const { user } = await renderInLayout(<UserCentre />, {
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
    expect(screen.queryByRole('link', { name: '登录' })).not.toBeInTheDocument();
  });

  it('falls back to `username` for the name', async () => {
    logIn({ username: 'seller_01' });
    const { user } = await renderInLayout(<UserCentre />, { locale: 'en' });
    await user.click(screen.getByRole('button', { name: 'seller_01' }));
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to workbench' })).toBeInTheDocument();
  });

  it('closes the account panel with Escape and returns focus to the name', async () => {
    logIn({ userName: '小王的店' });
    const { user } = await renderInLayout(<UserCentre />);
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
    await renderInLayout(<UserCentre />);
    expect(screen.queryByText('stale')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '登录' })).toBeInTheDocument();
  });

  it('logs out: clears the session, tells the plug-in and goes to the login page', async () => {
    logIn({ userName: '小王的店' });
    window.localStorage.setItem(REGISTE_INFO_KEY, JSON.stringify({ urlCode: 'abc' }));
    const heardLogout = vi.fn();
    window.addEventListener(LOGOUT_EVENT, heardLogout);
    const { user, router } = await renderInLayout(<UserCentre />, { locale: 'en', path: '/en/business-college' });

    await user.click(screen.getByRole('button', { name: '小王的店' }));
    await user.click(screen.getByRole('button', { name: 'Log out' }));

    expect(Cookies.get(AUTH_COOKIE)).toBeUndefined();
    expect(window.localStorage.getItem(USER_INFO_KEY)).toBeNull();
    expect(window.localStorage.getItem(REGISTE_INFO_KEY)).toBeNull();
    expect(heardLogout).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/en/login');
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeInTheDocument();
    window.removeEventListener(LOGOUT_EVENT, heardLogout);
  });

  it('notices a logout from elsewhere (the plug-in or another tab)', async () => {
    logIn({ userName: '小王的店' });
    await renderInLayout(<UserCentre />);
    expect(screen.getByRole('button', { name: '小王的店' })).toBeInTheDocument();
    Cookies.remove(AUTH_COOKIE, { path: '/' });
    act(() => {
      window.dispatchEvent(new Event(LOGOUT_EVENT));
    });
    expect(await screen.findByRole('link', { name: '登录' })).toBeInTheDocument();
  });
});
