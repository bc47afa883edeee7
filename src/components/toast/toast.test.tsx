import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '~/test/providers';
import { getToasts, TOAST_DURATION_MS, toast } from './toast';
import { ToastHost } from './toast-host';

afterEach(() => {
  act(() => toast.clear());
  vi.useRealTimers();
});

describe('toast store', () => {
  it('queues toasts of three kinds and does not stack the same message twice', () => {
    const first = toast.warning('访问过于频繁，请稍后再试！');
    toast.warning('访问过于频繁，请稍后再试！');
    toast.success('注册成功');
    expect(getToasts().map((item) => [item.kind, item.message])).toEqual([
      ['warning', '访问过于频繁，请稍后再试！'],
      ['success', '注册成功'],
    ]);
    toast.dismiss(first);
    expect(getToasts()).toHaveLength(1);
  });

  it('keeps at most three, dropping the oldest', () => {
    for (const n of [1, 2, 3, 4]) toast.error(`错误 ${n}`);
    expect(getToasts().map((item) => item.message)).toEqual(['错误 2', '错误 3', '错误 4']);
  });
});

describe('ToastHost', () => {
  it('renders empty live regions, and the toast (with its UI loaded on demand) when one is shown', async () => {
    await renderWithProviders(<ToastHost />);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    act(() => {
      toast.error('退出登录失败');
      toast.success('登录成功');
    });
    // The first toast loads the toaster's code (slow on a cold test run).
    expect(await screen.findByText('退出登录失败', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('退出登录失败');
    expect(screen.getByRole('status')).toHaveTextContent('登录成功');
    expect(screen.getByRole('alert')).toHaveAttribute('aria-live', 'assertive');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  });

  it('goes away by itself after 3 s', async () => {
    await renderWithProviders(<ToastHost />);
    act(() => void toast.success('注册成功'));
    expect(await screen.findByText('注册成功')).toBeInTheDocument();
    vi.useFakeTimers();
    act(() => void toast.warning('再来一个'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 10));
    expect(screen.getByText('再来一个')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByText('再来一个')).not.toBeInTheDocument();
    expect(getToasts().map((item) => item.message)).not.toContain('再来一个');
  });

  it('stays while hovered, and leaves 3 s after the pointer does', async () => {
    await renderWithProviders(<ToastHost />);
    act(() => void toast.warning('访问过于频繁，请稍后再试！'));
    const text = await screen.findByText('访问过于频繁，请稍后再试！');
    vi.useFakeTimers();
    const item = text.closest('li') as HTMLElement;
    fireEvent.pointerEnter(item);
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 3));
    expect(screen.getByText('访问过于频繁，请稍后再试！')).toBeInTheDocument();
    fireEvent.pointerLeave(item);
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS + 10));
    expect(screen.queryByText('访问过于频繁，请稍后再试！')).not.toBeInTheDocument();
  });

  it('closes with its button or with Escape, in English too', async () => {
    const user = userEvent.setup();
    await renderWithProviders(<ToastHost />, { locale: 'en' });
    act(() => {
      toast.error('Logout failed');
      toast.warning('Too many requests, please try again later!');
    });
    await screen.findByText('Logout failed');
    const [first, second] = screen.getAllByRole('button', { name: 'Close notification' });
    await user.click(first);
    expect(screen.queryByText('Logout failed')).not.toBeInTheDocument();
    second.focus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText(/Too many requests/)).not.toBeInTheDocument());
  });
});
