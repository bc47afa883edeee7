/**
 * Every transition of the SMS countdown machine, generated from the machine, replayed against the rendered
 * "get code" button with its captcha dialog: after each step the page must show what the machine's state
 * says (the captcha while verifying, "发送中…" while sending, "2 s" / "1 s" while counting, "请 2 秒后再试"
 * while blocked by a 429, "获取验证码" when idle).
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { type SmsCountdownContext, smsCountdownMachine } from '#machines/sms-countdown/sms-countdown.machine';
import { smsCountdownPathEvents, smsPathTarget } from '#machines/sms-countdown/sms-countdown.testing';
import { describePath, machinePaths } from '#machines/testing/paths';
import { replayPath } from '#machines/testing/replay';
import { type SmsSent, sendSmsCode } from '~/lib/api/accounts';
import { renderWithProviders } from '~/test/providers';
import { loadSmsLogic, SmsButton } from './sms-button';
import { apiError } from './test-utils';

vi.mock('~/lib/api/accounts', async () => (await import('./accounts-mock')).accountsMock());

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

const paths = machinePaths(smsCountdownMachine, { events: smsCountdownPathEvents });

describe('SMS button paths', () => {
  // The button's logic loads with its first use; loaded once here, a click finds it at once.
  beforeAll(async () => {
    await loadSmsLogic();
  });
  beforeEach(() => {
    vi.clearAllMocks();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('covers every transition of the machine', () => {
    expect(paths).toHaveLength(10);
  });

  it.each(paths.map((path) => [describePath(path, smsCountdownMachine).join(' → '), path] as const))(
    '%s',
    async (_name, path) => {
      let settle: { resolve: (value: SmsSent) => void; reject: (error: unknown) => void } | undefined;
      vi.mocked(sendSmsCode).mockImplementation(
        () =>
          new Promise<SmsSent>((resolve, reject) => {
            settle = { resolve, reject };
          }),
      );
      await renderWithProviders(
        <SmsButton purpose="register" getTarget={() => smsPathTarget} onPhoneError={() => {}} />,
      );

      await replayPath(path, smsCountdownMachine, {
        send: async (event: EventObject) => {
          const e = event as { type: string; output?: { resendIn: number }; error?: { kind: string } };
          switch (e.type) {
            case 'user.request':
              fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
              break;
            case 'captcha.passed': {
              await flush();
              const slider = within(screen.getByRole('dialog')).getByRole('slider');
              fireEvent.keyDown(slider, { key: 'ArrowRight' });
              fireEvent.keyDown(slider, { key: 'Enter' });
              break;
            }
            case 'captcha.cancel':
              fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
              break;
            case 'xstate.done.actor.sendCode':
              settle?.resolve({ resendIn: e.output?.resendIn ?? 60, expiresIn: 300 });
              break;
            case 'xstate.error.actor.sendCode':
              settle?.reject(
                e.error?.kind === 'rateLimited'
                  ? apiError(429, 429, '操作过于频繁，请 2 秒后再试', { retryAfter: 2 })
                  : apiError(400, 40005, '请先完成安全验证'),
              );
              break;
            default:
              throw new Error(`no UI for ${e.type}`);
          }
          await flush();
        },
        wait: async (ms) => {
          await act(() => vi.advanceTimersByTimeAsync(ms));
        },
        check: (state) => {
          const { remaining } = state.context as SmsCountdownContext;
          const dialog = screen.queryByRole('dialog', { name: '安全验证' });
          switch (state.value) {
            case 'idle':
              expect(screen.getByRole('button', { name: '获取验证码' })).toBeEnabled();
              expect(dialog).toBeNull();
              break;
            case 'verifying':
              expect(dialog).not.toBeNull();
              break;
            case 'sending':
              expect(screen.getByRole('button', { name: '发送中…' })).toBeDisabled();
              expect(dialog).toBeNull();
              break;
            case 'counting':
              expect(screen.getByRole('button', { name: `${remaining} s` })).toBeDisabled();
              break;
            case 'blocked':
              expect(screen.getByRole('button', { name: `请 ${remaining} 秒后再试` })).toBeDisabled();
              break;
            default:
              throw new Error(`unexpected state ${String(state.value)}`);
          }
        },
      });
      if (path.steps.some((step) => step.event.type === 'captcha.passed')) {
        expect(sendSmsCode).toHaveBeenCalledWith({ ...smsPathTarget, purpose: 'register', ticket: 'ticket-1' });
      }
    },
  );
});
