/**
 * Every transition of the scan-login machine, generated from the machine itself (machines/testing/paths.ts),
 * replayed against the rendered QR panel with fake effects (machines/scan-login/scan-login.testing.ts): the
 * visitor's events go through the page (buttons, forms, the document's visibility), the effects' answers through
 * the fakes, the timers through fake time; after every step the panel must show what the machine's state says.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { scanLoginMachine } from '#machines/scan-login/scan-login.machine';
import {
  type ScanLoginContext,
  type ScanLoginEvent,
  type ScanLoginSnapshot,
  type ScanView,
  scanLoginState,
  selectScanView,
} from '#machines/scan-login/scan-login.selectors';
import {
  createFakeScanEffects,
  SAMPLE_NOW,
  sampleErrors,
  scanLoginPathEvents,
} from '#machines/scan-login/scan-login.testing';
import { describePath, machinePaths } from '#machines/testing/paths';
import { replayPath } from '#machines/testing/replay';
import { ApiRequestError } from '~/lib/api/client';
import { field } from '../test-utils';
import { secondsUntil } from './countdown';
import { renderPanel, stateHeading } from './test-utils';
import { scanRuntime } from './use-scan-login';

const paths = machinePaths(scanLoginMachine, { events: scanLoginPathEvents });

const flush = async () => {
  for (let i = 0; i < 3; i++) await act(() => vi.advanceTimersByTimeAsync(0));
};

function setVisibility(visible: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: visible ? 'visible' : 'hidden' });
  act(() => void document.dispatchEvent(new Event('visibilitychange')));
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

/** The heading each view shows on the Chinese page. */
function headingOf(view: ScanView): string {
  switch (view.kind) {
    case 'creating':
      return '正在生成二维码…';
    case 'createFailed':
      return '二维码生成失败';
    case 'waiting':
      return '请使用微信扫一扫登录';
    case 'scanned':
      return '扫码成功，请在手机上确认登录';
    case 'expired':
      return '二维码已过期';
    case 'unbound':
      return { choose: '该微信尚未绑定账号', bind: '绑定已有账号', register: '使用微信注册' }[view.step];
    case 'loggedIn':
      return '登录成功';
    case 'bindSuccess':
      return '绑定成功';
    case 'registerSuccess':
      return '注册成功';
    case 'bindFailed':
      return '绑定失败';
    case 'banned':
      return '账号已被封禁';
    case 'linked':
      return '微信已绑定';
  }
}

const HOW = { loggedIn: 'scan', bindSuccess: 'bind', registerSuccess: 'register' } as const;

describe('scan panel paths', () => {
  // XState, the machine and the toaster load lazily; loading them once up front keeps fake time simple.
  beforeAll(async () => {
    await scanRuntime.load();
    await import('~/components/toast/toaster');
  });
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(SAMPLE_NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
  });

  it('covers every state of the machine', () => {
    const reached = new Set(paths.map((path) => scanLoginState(path.state.value)));
    expect(reached.size).toBe(19);
    expect(paths.length).toBeGreaterThan(100);
  });

  it.each(paths.map((path) => [describePath(path, scanLoginMachine).join(' → '), path] as const))(
    '%s',
    async (_name, path) => {
      const effects = createFakeScanEffects();
      await renderPanel({ fake: effects });
      await flush();

      await replayPath(path, scanLoginMachine, {
        send: async (event: EventObject) => {
          const e = event as EventObject & { output?: unknown; error?: unknown };
          const error =
            e.error && typeof e.error === 'object'
              ? new ApiRequestError(e.error as ConstructorParameters<typeof ApiRequestError>[0])
              : e.error;
          if (!effects.settle({ ...e, ...(e.error ? { error } : {}) })) {
            // Not an effect's answer: one of the visitor's events.
            const visitor = event as ScanLoginEvent;
            switch (visitor.type) {
              case 'scan.visibility':
                setVisibility(visitor.visible);
                break;
              case 'scan.reload': {
                const name = ['刷新', '重试', '重新扫码', '刷新二维码'].find((label) =>
                  screen.queryByRole('button', { name: label }),
                );
                if (!name) throw new Error('no reload button on the page');
                click(name);
                break;
              }
              case 'scan.bindNow':
                click('立即绑定');
                break;
              case 'scan.registerNow':
                click('使用微信注册');
                break;
              case 'scan.back':
                click('返回');
                break;
              case 'scan.submit': {
                const { form } = visitor;
                fireEvent.change(field('手机号码'), { target: { value: '13800138000' } });
                if (form.action === 'bind') {
                  fireEvent.change(field('验证码'), { target: { value: '123456' } });
                  click('绑定并登录');
                } else {
                  fireEvent.change(field('验证码'), { target: { value: '654321' } });
                  fireEvent.change(field('设置密码'), { target: { value: 'secret-456' } });
                  click('注册并登录');
                }
                break;
              }
              default:
                throw new Error(`no UI for ${event.type}`);
            }
          }
          await flush();
        },
        wait: async (ms) => {
          await act(() => vi.advanceTimersByTimeAsync(ms));
          await flush();
        },
        check: (state) => {
          const snapshot = state as ScanLoginSnapshot;
          const context = snapshot.context as ScanLoginContext;
          const view = selectScanView(snapshot);
          expect(stateHeading()).toHaveTextContent(headingOf(view));
          // The panel, not the toaster's region of notifications.
          const panel = screen.getAllByRole('region').find((region) => region.hasAttribute('data-scan-state'));
          if (!panel) throw new Error('no QR panel on the page');
          expect(panel).toHaveAttribute(
            'data-scan-state',
            view.kind === 'unbound' ? (view.step === 'choose' ? 'choose' : view.step) : view.kind,
          );
          switch (view.kind) {
            case 'creating':
              expect(screen.queryByRole('img')).not.toBeInTheDocument();
              break;
            case 'createFailed':
              expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
              expect(panel).toHaveTextContent('网络连接失败，请检查网络后重试');
              break;
            case 'waiting':
            case 'scanned': {
              expect(screen.getByRole('img', { name: '微信登录二维码' })).toHaveAttribute('data-qr-url', view.qr.qrUrl);
              const left = secondsUntil(view.expiresAt, Date.now());
              expect(panel.querySelector('[data-seconds-left]')).toHaveAttribute('data-seconds-left', String(left));
              expect(screen.queryByText('网络连接不稳定，正在重试…') !== null).toBe(view.retrying);
              expect(screen.queryByText(/^已暂停/) !== null).toBe(view.paused && !view.retrying);
              // Outside demo mode (the default) no state offers the simulator (scan-panel.test.tsx covers demo mode).
              expect(screen.queryByRole('link', { name: /微信模拟器/ })).not.toBeInTheDocument();
              break;
            }
            case 'expired':
              expect(screen.getByRole('button', { name: '刷新' })).toBeInTheDocument();
              break;
            case 'unbound':
              if (view.step === 'choose') {
                expect(screen.getByRole('button', { name: '立即绑定' })).toBeInTheDocument();
                expect(screen.getByRole('button', { name: '使用微信注册' })).toBeInTheDocument();
                expect(panel).toHaveTextContent('微信昵称：微信用户');
              } else {
                const busy = view.step === 'bind' ? '绑定中…' : '注册中…';
                const idle = view.step === 'bind' ? '绑定并登录' : '注册并登录';
                const button = screen.getByRole('button', { name: view.submitting ? busy : idle });
                if (view.submitting) expect(button).toHaveAttribute('aria-disabled', 'true');
                else expect(button).not.toHaveAttribute('aria-disabled');
                if (view.step === 'register') expect(field('昵称')).toHaveValue('微信用户');
                if (context.error) {
                  const failed = view.step === 'bind' ? '绑定失败' : '注册失败';
                  expect(screen.getByText(`${failed}：${sampleErrors.wrongPassword.message}`)).toBeInTheDocument();
                }
              }
              break;
            case 'loggedIn':
            case 'bindSuccess':
            case 'registerSuccess':
              expect(effects.completed).toHaveLength(1);
              expect(effects.completed[0].how).toBe(HOW[view.kind]);
              break;
            case 'linked':
              // A bind code's end (never a login page's in practice): no session, the page is told once.
              expect(effects.linked).toBe(1);
              expect(effects.completed).toHaveLength(0);
              expect(panel).toHaveTextContent('以后可以用这个微信扫码登录。');
              break;
            case 'bindFailed':
              expect(panel).toHaveTextContent(view.error ? sampleErrors.bindFailed.message : '请重新扫码后再试。');
              expect(screen.getByRole('button', { name: '重新扫码' })).toBeInTheDocument();
              break;
            case 'banned':
              expect(screen.getByRole('button', { name: '重新扫码' })).toBeInTheDocument();
              expect(screen.getByRole('button', { name: '联系客服' })).toBeInTheDocument();
              break;
          }
          // Nothing polls, creates or sends unless the machine is in the state that does.
          const pending = effects.pendingCount();
          const value = scanLoginState(snapshot.value);
          if (value === 'creating') expect(pending.creates).toBeGreaterThan(0);
          if (value === 'submitting') expect(pending.submits).toBe(1);
        },
      });
    },
  );
});
