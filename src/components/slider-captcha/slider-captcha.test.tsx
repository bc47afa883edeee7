import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePuzzle } from '#machines/captcha/captcha.testing';
import { renderWithProviders } from '~/test/providers';
import { CaptchaDialog } from './captcha-dialog';
import { type CaptchaService, SliderCaptcha } from './slider-captcha';

function makeService(overrides: Partial<CaptchaService> = {}) {
  let count = 0;
  const service = {
    loadPuzzle: vi.fn(async () => ({ ...fakePuzzle, captchaId: `puzzle-${++count}` })),
    verify: vi.fn(async (_id: string, _x: number) => ({ ticket: 'ticket-ok' })),
    ...overrides,
  };
  return service;
}

/** Shows the track at half the picture's width (a phone), so one screen pixel is two image pixels. */
function shrinkTrack(width = 160) {
  const slider = screen.getByRole('slider');
  const track = slider.parentElement as HTMLElement;
  vi.spyOn(track, 'getBoundingClientRect').mockReturnValue({ width, height: 44, left: 0, top: 0 } as DOMRect);
  return slider;
}

describe('slider captcha', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the puzzle picture and the piece, and a keyboard slider from 0 to width - pieceSize', async () => {
    await renderWithProviders(<SliderCaptcha service={makeService()} onPassed={() => {}} />);
    const slider = await screen.findByRole('slider', { name: /拼图滑块/ });
    await waitFor(() => expect(slider).toHaveAttribute('aria-valuemax', '270'));
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('img', { name: '拼图背景，带一个缺口' })).toHaveAttribute('src', fakePuzzle.image);
    expect(screen.getByTestId('captcha-piece')).toHaveAttribute('src', fakePuzzle.piece);
    expect(screen.getByTestId('captcha-piece').style.top).toBe('25%');
  });

  it('moves 1 px per arrow key, 10 px with Shift, and checks on Enter', async () => {
    const service = makeService();
    const onPassed = vi.fn();
    await renderWithProviders(<SliderCaptcha service={service} onPassed={onPassed} />);
    const user = userEvent.setup();
    const slider = await screen.findByRole('slider');
    await waitFor(() => expect(slider).toHaveAttribute('tabindex', '0'));
    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{Shift>}{ArrowRight}{/Shift}{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '11');
    expect(screen.getByTestId('captcha-piece').style.left).toBe(`${(11 / 320) * 100}%`);
    await user.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuenow', '270');
    await user.keyboard('{Shift>}{ArrowLeft}{ArrowLeft}{/Shift}{Enter}');
    expect(service.verify).toHaveBeenCalledWith('puzzle-1', 250);
    await waitFor(() => expect(onPassed).toHaveBeenCalledWith('ticket-ok'));
    expect(await screen.findByText('验证通过')).toBeInTheDocument();
  });

  it('turns a pointer drag into image pixels, scaled when the picture is shown smaller', async () => {
    const service = makeService();
    await renderWithProviders(<SliderCaptcha service={service} onPassed={() => {}} />);
    await screen.findByRole('img', { name: '拼图背景，带一个缺口' });
    const slider = shrinkTrack(160);
    fireEvent.pointerDown(slider, { pointerId: 1, pointerType: 'touch', clientX: 10, button: 0 });
    fireEvent.pointerMove(slider, { pointerId: 1, pointerType: 'touch', clientX: 40 });
    expect(slider).toHaveAttribute('aria-valuenow', '60');
    expect(service.verify).not.toHaveBeenCalled();
    fireEvent.pointerUp(slider, { pointerId: 1, pointerType: 'touch', clientX: 70 });
    expect(service.verify).toHaveBeenCalledWith('puzzle-1', 120);
  });

  it('keeps the piece inside the picture however far the pointer goes', async () => {
    const service = makeService();
    await renderWithProviders(<SliderCaptcha service={service} onPassed={() => {}} />);
    await screen.findByRole('img', { name: '拼图背景，带一个缺口' });
    const slider = shrinkTrack(320);
    fireEvent.pointerDown(slider, { pointerId: 7, pointerType: 'mouse', clientX: 5, button: 0 });
    fireEvent.pointerMove(slider, { pointerId: 7, pointerType: 'mouse', clientX: 900 });
    fireEvent.pointerUp(slider, { pointerId: 7, pointerType: 'mouse', clientX: 900 });
    expect(service.verify).toHaveBeenCalledWith('puzzle-1', 270);
  });

  it('a click without a move sends nothing', async () => {
    const service = makeService();
    await renderWithProviders(<SliderCaptcha service={service} onPassed={() => {}} />);
    await screen.findByRole('img', { name: '拼图背景，带一个缺口' });
    const slider = shrinkTrack();
    fireEvent.pointerDown(slider, { pointerId: 1, pointerType: 'mouse', clientX: 5, button: 0 });
    fireEvent.pointerUp(slider, { pointerId: 1, pointerType: 'mouse', clientX: 5 });
    expect(service.verify).not.toHaveBeenCalled();
  });

  describe('after a wrong answer', () => {
    beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
    afterEach(() => vi.useRealTimers());

    it('says so, loads a fresh puzzle and puts the piece back at the start', async () => {
      const service = makeService({ verify: vi.fn(() => Promise.reject({ kind: 'wrong' })) });
      await renderWithProviders(<SliderCaptcha service={service} onPassed={() => {}} />);
      const slider = await screen.findByRole('slider');
      await waitFor(() => expect(slider).toHaveAttribute('tabindex', '0'));
      act(() => slider.focus());
      fireEvent.keyDown(slider, { key: 'End' });
      fireEvent.keyDown(slider, { key: 'Enter' });
      expect(await screen.findByText('验证失败，请重试')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(600));
      await waitFor(() => expect(service.loadPuzzle).toHaveBeenCalledTimes(2));
      await waitFor(() => expect(slider).toHaveAttribute('aria-valuenow', '0'));
      expect(screen.getByRole('status')).toHaveTextContent('验证失败，请重试');
      fireEvent.keyDown(slider, { key: 'ArrowRight' });
      fireEvent.keyDown(slider, { key: 'Enter' });
      expect(service.verify).toHaveBeenLastCalledWith('puzzle-2', 1);
    });
  });

  it('gets a new puzzle when the old one expired, and with the refresh button', async () => {
    const service = makeService({ verify: vi.fn(() => Promise.reject({ kind: 'expired' })) });
    await renderWithProviders(<SliderCaptcha service={service} onPassed={() => {}} />);
    const user = userEvent.setup();
    const slider = await screen.findByRole('slider');
    await waitFor(() => expect(slider).toHaveAttribute('tabindex', '0'));
    slider.focus();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(await screen.findByText('验证已过期，请重新验证')).toBeInTheDocument();
    await waitFor(() => expect(service.loadPuzzle).toHaveBeenCalledTimes(2));
    await user.click(await screen.findByRole('button', { name: '换一张' }));
    await waitFor(() => expect(service.loadPuzzle).toHaveBeenCalledTimes(3));
  });

  it('shows why no puzzle came and offers to reload', async () => {
    const loadPuzzle = vi
      .fn<CaptchaService['loadPuzzle']>()
      .mockRejectedValueOnce({ kind: 'unavailable', message: '操作过于频繁，请 30 秒后再试', retryAfter: 30 })
      .mockResolvedValue(fakePuzzle);
    await renderWithProviders(<SliderCaptcha service={makeService({ loadPuzzle })} onPassed={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('操作过于频繁，请 30 秒后再试');
    await userEvent.setup().click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('slider')).toBeInTheDocument();
  });

  it('speaks English on English pages', async () => {
    await renderWithProviders(<CaptchaDialog open onClose={() => {}} service={makeService()} onPassed={() => {}} />, {
      locale: 'en',
    });
    expect(await screen.findByRole('dialog', { name: 'Security check' })).toBeInTheDocument();
    expect(await screen.findByRole('slider', { name: /Puzzle slider/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New puzzle' })).toBeInTheDocument();
  });

  it('the dialog reports every way of closing', async () => {
    const onClose = vi.fn();
    await renderWithProviders(<CaptchaDialog open onClose={onClose} service={makeService()} onPassed={() => {}} />);
    await screen.findByRole('dialog', { name: '安全验证' });
    await userEvent.setup().keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
