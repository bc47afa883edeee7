import { act, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { getToasts } from '~/components/toast/toast';
import { sendSmsCode } from '~/lib/api/accounts';
import { AUTH_COOKIE, INVITE_COOKIE, REGISTE_INFO_KEY, SESSION_SYNC_KEY, USER_INFO_KEY } from '~/lib/storage-keys';
import { forceLogout, signIn, signOut } from './session';
import { type FakeApi, fakeApi, renderWithSession, resetSessionStorage } from './session.test-utils';
import { useSession } from './use-session';

function SessionProbe() {
  const { loggedIn, userName, loggingOut } = useSession();
  return <p data-testid="probe">{`${loggedIn ? 'in' : 'out'}|${userName}|${loggingOut ? 'busy' : 'idle'}`}</p>;
}

const userInfo = {
  userId: 3,
  userName: '小李',
  nickname: '小李',
  phone: '138****8000',
  countryCode: 1,
  tenantId: 14,
  Authorization: 'tok-signin',
};

const accounts429 = {
  status: 429,
  headers: { 'retry-after': '56' },
  body: { code: 429, message: '操作过于频繁，请 56 秒后再试', data: { retryAfter: 56 } },
};

let api: FakeApi;
beforeAll(async () => {
  await import('~/components/toast/toaster');
});
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  api.restore();
  resetSessionStorage();
  Cookies.remove(INVITE_COOKIE, { path: '/' });
  vi.restoreAllMocks();
});

describe('session', () => {
  it('signIn stores userInfo and the token cookie (7 days, path /), and the page shows it', async () => {
    const set = vi.spyOn(Cookies, 'set');
    await renderWithSession(<SessionProbe />);
    expect(screen.getByTestId('probe')).toHaveTextContent('out||idle');
    await act(() => signIn(userInfo));
    expect(Cookies.get(AUTH_COOKIE)).toBe('tok-signin');
    expect(set).toHaveBeenCalledWith(AUTH_COOKIE, 'tok-signin', expect.objectContaining({ expires: 7, path: '/' }));
    expect(JSON.parse(window.localStorage.getItem(USER_INFO_KEY) ?? 'null')).toEqual(userInfo);
    // Other tabs hear about it.
    expect(window.localStorage.getItem(SESSION_SYNC_KEY)).toBeTruthy();
    expect(screen.getByTestId('probe')).toHaveTextContent('in|小李|idle');
  });

  it('signIn with an empty Authorization clears the token', async () => {
    Cookies.set(AUTH_COOKIE, 'old', { path: '/' });
    await renderWithSession(<SessionProbe />);
    await act(() => signIn({ ...userInfo, Authorization: '' }));
    expect(Cookies.get(AUTH_COOKIE)).toBeUndefined();
    expect(screen.getByTestId('probe')).toHaveTextContent('out||idle');
  });

  it('signOut posts the logout and shows it under way', async () => {
    Cookies.set(AUTH_COOKIE, 'tok', { path: '/' });
    window.localStorage.setItem(USER_INFO_KEY, JSON.stringify({ userName: '小李' }));
    const { router } = await renderWithSession(<SessionProbe />, { path: '/business-college' });
    act(() => signOut());
    expect(screen.getByTestId('probe')).toHaveTextContent('in|小李|busy');
    await waitFor(() => expect(api.waitingCount).toBe(1));
    await act(async () => api.respond({ status: 200, body: { code: 200, message: '退出成功' } }));
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('out||idle'));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('forceLogout clears without calling the server', async () => {
    Cookies.set(AUTH_COOKIE, 'tok', { path: '/' });
    window.localStorage.setItem(REGISTE_INFO_KEY, '{"urlCode":"u"}');
    const { router } = await renderWithSession(<SessionProbe />, { path: '/en/business-college', locale: 'en' });
    act(() => forceLogout());
    expect(Cookies.get(AUTH_COOKIE)).toBeUndefined();
    expect(window.localStorage.getItem(REGISTE_INFO_KEY)).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    expect(api.requests).toEqual([]);
  });

  it.each([
    ['zh', '/login', '访问过于频繁，请稍后再试！'],
    ['en', '/en/login', 'Too many requests, please try again later!'],
  ] as const)('an HTTP 429 shows the warning toast (%s)', async (locale, path, text) => {
    await renderWithSession(<SessionProbe />, { locale, path });
    api.answerNext(accounts429);
    await act(async () => {
      await sendSmsCode({ phone: '13800138000', countryCode: 1, purpose: 'login', ticket: 't' }).catch(() => {});
    });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(getToasts()).toContainEqual({ kind: 'warning', message: text });
    // The session is untouched.
    expect(screen.getByTestId('probe')).toHaveTextContent('out||idle');
  });

  it("a 429 for a paused country (40015) shows the server's words, not the generic warning", async () => {
    const paused = 'SMS codes to this country/region are paused. Try again in 1 hour, or sign in another way.';
    await renderWithSession(<SessionProbe />, { locale: 'en', path: '/en/login' });
    api.answerNext({ ...accounts429, body: { code: 40015, message: paused, data: { retryAfter: 3600 } } });
    await act(async () => {
      await sendSmsCode({ phone: '15123456789', countryCode: 2, purpose: 'login', ticket: 't' }).catch(() => {});
    });
    expect(await screen.findByText(paused)).toBeInTheDocument();
    expect(getToasts()).toContainEqual({ kind: 'warning', message: paused });
    expect(screen.queryByText('Too many requests, please try again later!')).not.toBeInTheDocument();
  });

  it('captures the attribution and invite code of the URL on every page', async () => {
    const { router } = await renderWithSession(<SessionProbe />, { path: '/?urlCode=u1&inviteCode=INV9' });
    await waitFor(() => expect(Cookies.get(INVITE_COOKIE)).toBe('INV9'));
    expect(JSON.parse(window.localStorage.getItem(REGISTE_INFO_KEY) ?? 'null')).toEqual({ urlCode: 'u1' });
    await act(() => router.navigate({ href: '/business-college?bd_vid=b2' }));
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem(REGISTE_INFO_KEY) ?? 'null')).toEqual({ bd_vid: 'b2' }),
    );
  });

  it('loads nothing for a URL without attribution', async () => {
    await renderWithSession(<SessionProbe />, { path: '/?page=2&utm_source=x' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.localStorage.getItem(REGISTE_INFO_KEY)).toBeNull();
  });

  it('a login in another tab shows here', async () => {
    await renderWithSession(<SessionProbe />);
    Cookies.set(AUTH_COOKIE, 'tok-tab', { path: '/' });
    window.localStorage.setItem(USER_INFO_KEY, JSON.stringify({ username: 'tab_user' }));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: USER_INFO_KEY }));
    });
    expect(screen.getByTestId('probe')).toHaveTextContent('in|tab_user|idle');
  });
});
