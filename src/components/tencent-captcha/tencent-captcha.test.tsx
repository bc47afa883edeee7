/**
 * The page's part of Tencent captcha: the script is added once and only when asked for, a failed load can be
 * retried, and the widget's ticket and random string are handed to the SMS request (a close cancels).
 */
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  loadTencentCaptcha,
  runTencentCaptcha,
  TENCENT_CAPTCHA_SCRIPT,
  type TencentCaptchaAnswer,
  type TencentCaptchaConstructor,
} from './tencent-captcha';
import { TencentCaptchaLauncher } from './tencent-captcha-launcher';

const scripts = () => [...document.querySelectorAll('script')].filter((s) => s.src === TENCENT_CAPTCHA_SCRIPT);

/** A stand-in for TCaptcha.js's constructor that answers `answer` when shown. */
function fakeCaptcha(answer: TencentCaptchaAnswer) {
  const shown: string[] = [];
  const Ctor = vi.fn(function (this: unknown, appId: string, callback: (a: TencentCaptchaAnswer) => void) {
    return {
      show: () => {
        shown.push(appId);
        callback(answer);
      },
    };
  }) as unknown as TencentCaptchaConstructor;
  return { Ctor, shown };
}

afterEach(() => {
  for (const script of scripts()) script.remove();
  delete (window as { TencentCaptcha?: unknown }).TencentCaptcha;
});

describe('Tencent captcha script loader', () => {
  it('adds TCaptcha.js once, only when asked, and resolves with its constructor when it has loaded', async () => {
    expect(scripts()).toHaveLength(0);
    const first = loadTencentCaptcha();
    const second = loadTencentCaptcha();
    expect(scripts()).toHaveLength(1);
    const { Ctor } = fakeCaptcha({ ret: 0 });
    (window as { TencentCaptcha?: unknown }).TencentCaptcha = Ctor;
    scripts()[0].dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(Ctor);
    await expect(second).resolves.toBe(Ctor);
    // Once loaded, no second script.
    await expect(loadTencentCaptcha()).resolves.toBe(Ctor);
    expect(scripts()).toHaveLength(1);
  });

  it('rejects when the script cannot load, removes it, and tries again next time', async () => {
    const failing = loadTencentCaptcha();
    scripts()[0].dispatchEvent(new Event('error'));
    await expect(failing).rejects.toThrow(/could not be loaded/);
    expect(scripts()).toHaveLength(0);
    void loadTencentCaptcha().catch(() => {});
    expect(scripts()).toHaveLength(1);
    scripts()[0].dispatchEvent(new Event('error'));
  });
});

describe('Tencent captcha outcome', () => {
  it('passes the ticket and random string of ret 0, and tells a close (ret 2) and an error ticket apart', async () => {
    const passed = fakeCaptcha({ ret: 0, ticket: 't03abc', randstr: '@xyz' });
    await expect(runTencentCaptcha('190000001', async () => passed.Ctor)).resolves.toEqual({
      kind: 'passed',
      ticket: 't03abc',
      randstr: '@xyz',
    });
    expect(passed.shown).toEqual(['190000001']);
    await expect(runTencentCaptcha('1', async () => fakeCaptcha({ ret: 2 }).Ctor)).resolves.toEqual({ kind: 'closed' });
    const fallback = fakeCaptcha({ ret: 0, ticket: 'trerror_1001_x', randstr: '@a', errorCode: 1001 });
    await expect(runTencentCaptcha('1', async () => fallback.Ctor)).resolves.toEqual({ kind: 'unavailable' });
    await expect(
      runTencentCaptcha('1', async () => {
        throw new Error('blocked');
      }),
    ).resolves.toEqual({ kind: 'unavailable' });
  });

  it('launcher: opens only while open, and hands the ticket over', async () => {
    const { Ctor, shown } = fakeCaptcha({ ret: 0, ticket: 'ticket-9', randstr: '@r9' });
    const onPassed = vi.fn();
    const props = { appId: '190000001', onPassed, onClose: vi.fn(), onUnavailable: vi.fn(), load: async () => Ctor };
    const view = render(<TencentCaptchaLauncher open={false} {...props} />);
    await Promise.resolve();
    expect(shown).toEqual([]);
    view.rerender(<TencentCaptchaLauncher open {...props} />);
    await waitFor(() => expect(onPassed).toHaveBeenCalledWith('ticket-9', '@r9'));
    expect(shown).toEqual(['190000001']);
    expect(props.onClose).not.toHaveBeenCalled();
  });
});
