import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '~/test/providers';
import { CARRIED_TOAST_KEY, CARRIED_TOAST_MAX_AGE_MS, getToasts, TOAST_DURATION_MS, toast } from './toast';
import { ToastHost } from './toast-host';
import { showCarriedToast } from './toaster';

afterEach(async () => {
  act(() => toast.clear());
  vi.useRealTimers();
  // sonner removes dismissed toasts after its exit animation.
  await waitFor(() => expect(getToasts()).toEqual([]));
});

describe('toasts', () => {
  it('wait for the toaster, then show in it, the same message only once', async () => {
    act(() => {
      toast.warning('访问过于频繁，请稍后再试！');
      toast.warning('访问过于频繁，请稍后再试！');
      toast.success('注册成功');
    });
    expect(getToasts()).toEqual([
      { kind: 'warning', message: '访问过于频繁，请稍后再试！' },
      { kind: 'success', message: '注册成功' },
    ]);
    await renderWithProviders(<ToastHost />);
    // The first toast loads the toaster's code (slow on a cold test run).
    expect(await screen.findByText('访问过于频繁，请稍后再试！', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('注册成功')).toBeInTheDocument();
    act(() => toast.warning('访问过于频繁，请稍后再试！'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getAllByText('访问过于频繁，请稍后再试！')).toHaveLength(1);
    expect(screen.getByRole('region', { name: /通知/ })).toBeInTheDocument();
  }, 20_000);

  it('go away by themselves after 3 s', { timeout: 20_000 }, async () => {
    await renderWithProviders(<ToastHost />);
    act(() => toast.error('退出登录失败'));
    expect(await screen.findByText('退出登录失败', undefined, { timeout: 10_000 })).toBeInTheDocument();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    act(() => toast.warning('再来一个'));
    act(() => vi.advanceTimersByTime(50));
    expect(await screen.findByText('再来一个')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 200));
    expect(screen.getByText('再来一个')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    vi.useRealTimers();
    await waitFor(() => expect(screen.queryByText('再来一个')).not.toBeInTheDocument());
  });

  it('close with their button, in English too', { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    await renderWithProviders(<ToastHost />, { locale: 'en' });
    act(() => toast.error('Logout failed'));
    expect(await screen.findByText('Logout failed', undefined, { timeout: 10_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    await waitFor(() => expect(screen.queryByText('Logout failed')).not.toBeInTheDocument());
  });

  it('carried across a full page load to the same origin show once on the next page, and only while fresh', {
    timeout: 20_000,
  }, async () => {
    sessionStorage.clear();
    act(() => toast.carry('success', '欢迎！账号已创建，免费试用已开始', '/workbench/function_introduction'));
    act(() => toast.clear());
    expect(JSON.parse(sessionStorage.getItem(CARRIED_TOAST_KEY) ?? 'null')).toMatchObject({
      kind: 'success',
      message: '欢迎！账号已创建，免费试用已开始',
    });
    // The next page: its host shows what was carried, and forgets it.
    await renderWithProviders(<ToastHost />);
    expect(
      await screen.findByText('欢迎！账号已创建，免费试用已开始', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(sessionStorage.getItem(CARRIED_TOAST_KEY)).toBeNull();

    // Another origin (the toast stays on this page only), a stale one and a forged one are not shown.
    act(() => toast.carry('success', '登录成功', 'https://elsewhere.example/workbench'));
    expect(sessionStorage.getItem(CARRIED_TOAST_KEY)).toBeNull();
    act(() => toast.clear());
    await waitFor(() => expect(getToasts()).toEqual([]));
    sessionStorage.setItem(
      CARRIED_TOAST_KEY,
      JSON.stringify({ kind: 'success', message: '旧的', at: Date.now() - CARRIED_TOAST_MAX_AGE_MS - 1 }),
    );
    act(() => showCarriedToast());
    sessionStorage.setItem(CARRIED_TOAST_KEY, JSON.stringify({ kind: 'info', message: '伪造', at: Date.now() }));
    act(() => showCarriedToast());
    sessionStorage.setItem(CARRIED_TOAST_KEY, '{not json');
    act(() => showCarriedToast());
    expect(getToasts()).toEqual([]);
    expect(sessionStorage.getItem(CARRIED_TOAST_KEY)).toBeNull();
  });
});
