import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '~/test/providers';
import { getToasts, TOAST_DURATION_MS, toast } from './toast';
import { ToastHost } from './toast-host';

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
});
