/**
 * Every transition of the account machine, generated from the machine (machines/testing/paths.ts) and replayed on
 * the page: the seller presses the page's buttons (save the nickname, close the account, retry, cancel the
 * closure), the fake calls answer or fail as the path says, and after each step the page shows the state the
 * machine is in (loading, the failure with its retry, the sections with the outcome, the busy button, the closing
 * account's only choice, the closed notice). A WeChat bound by scanning (`account.changed`) goes through the bind
 * code's QR panel with the scan machine's fake effects: the code, the poll's `linked`, the account loaded again.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accountMachine } from '#machines/account/account.machine';
import type { AccountContext, AccountFailure } from '#machines/account/account.selectors';
import { accountPathEvents } from '#machines/account/account.testing';
import { createFakeScanEffects, sampleQrCode, sampleStatuses } from '#machines/scan-login/scan-login.testing';
import { describePath, machinePaths } from '#machines/testing/paths';
import { replayPath } from '#machines/testing/replay';
import { ApiRequestError } from '~/lib/api/errors';
import { createFakeAccountEffects, renderAccountPage } from './test-utils';

const session = vi.hoisted(() => ({
  signIn: vi.fn(async () => {}),
  forceLogout: vi.fn(),
  readStoredSession: vi.fn(() => ({ token: 't', userInfo: { userName: 'x', Authorization: 't' } })),
}));
vi.mock('~/app/session', async (original) => ({ ...(await original()), ...session }));

const paths = machinePaths(accountMachine, { events: accountPathEvents });

type Event = (typeof accountPathEvents)[number];
const asError = (failure: AccountFailure) => new ApiRequestError(failure);

function expectPage(state: { value: unknown; context: AccountContext }) {
  const value = state.value as string;
  const { context } = state;
  const regionOf = (name: string) => screen.queryByRole('region', { name });
  switch (value) {
    case 'loading':
      expect(screen.getByRole('status')).toHaveTextContent('正在加载账号信息…');
      return;
    case 'loadFailed':
      expect(screen.getByRole('alert')).toHaveTextContent('网络连接失败，请检查网络后重试');
      expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
      return;
    case 'closing':
    case 'cancelling': {
      expect(regionOf('基本资料')).toBeNull();
      const cancel = screen.getByRole('button', { name: value === 'cancelling' ? '提交中…' : '撤销注销' });
      expect(cancel.getAttribute('aria-disabled')).toBe(value === 'cancelling' ? 'true' : null);
      if (context.failure && value === 'closing')
        expect(screen.getByRole('alert')).toHaveTextContent(context.failure.message);
      return;
    }
    case 'closed':
      expect(screen.getByText('账号已申请注销，已在所有设备上退出登录', { selector: 'p' })).toBeInTheDocument();
      expect(regionOf('基本资料')).toBeNull();
      return;
  }
  // ready or submitting: the sections, the account's name, the outcome where it belongs.
  const profile = within(regionOf('基本资料') as HTMLElement);
  expect(profile.getByText(context.account?.phone ?? '')).toBeInTheDocument();
  const kind = context.request?.kind;
  const sectionOf = kind === 'close' ? '注销账号' : '基本资料';
  const section = within(regionOf(sectionOf) as HTMLElement);
  if (value === 'submitting') {
    const busy = section.getByRole('button', { name: kind === 'close' ? '提交中…' : '保存中…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    return;
  }
  // The WeChat section: the binding, or the way to bind one.
  const wechat = within(regionOf('微信') as HTMLElement);
  if (context.account?.wechat) expect(wechat.getByText(/已绑定微信：微信用户/)).toBeInTheDocument();
  else expect(wechat.getByText('未绑定微信。绑定后可以用微信扫码登录。')).toBeInTheDocument();
  const outcome = context.outcome;
  if (!outcome) return;
  if (outcome.ok) expect(section.getByRole('status')).toHaveTextContent('昵称已保存');
  else expect(section.getByRole('alert')).toHaveTextContent(outcome.failure.message);
}

describe('account paths on the page', () => {
  afterEach(() => vi.clearAllMocks());

  it.each(paths.map((path) => [describePath(path, accountMachine).join(' → '), path] as const))(
    'replays: %s',
    async (_name, path) => {
      const fake = createFakeAccountEffects({ listSessions: () => [] });
      const scan = createFakeScanEffects();
      await renderAccountPage({ ...fake.effects, wechatScan: scan });
      await replayPath(path, accountMachine, {
        send: async (event) => {
          const e = event as Event;
          switch (e.type) {
            case 'page.retry':
              fireEvent.click(screen.getByRole('button', { name: '重试' }));
              break;
            case 'closure.cancel':
              fireEvent.click(screen.getByRole('button', { name: '撤销注销' }));
              break;
            case 'account.changed': {
              // Scanned with WeChat: the bind code's panel hears `linked`, the page loads the account again.
              fireEvent.click(screen.getByRole('button', { name: '扫码绑定微信' }));
              await waitFor(() => expect(scan.pendingCount().creates).toBe(1));
              await act(async () =>
                scan.answerCreate({ ...sampleQrCode, pollInterval: 0.01, expiresAt: Date.now() + 300_000 }),
              );
              await waitFor(() => expect(scan.pendingCount().polls).toBe(1));
              await act(async () => scan.answerPoll(sampleStatuses.linked));
              await waitFor(() => expect(fake.pending('loadAccount')).not.toBeNull());
              await act(async () => fake.answer('loadAccount', e.account));
              break;
            }
            case 'section.submit': {
              if (e.request.kind === 'profile') {
                const profile = within(screen.getByRole('region', { name: '基本资料' }));
                fireEvent.change(profile.getByLabelText('昵称'), { target: { value: e.request.body.nickname } });
                fireEvent.click(profile.getByRole('button', { name: '保存昵称' }));
              } else {
                const closure = within(screen.getByRole('region', { name: '注销账号' }));
                fireEvent.change(closure.getByLabelText('当前密码'), { target: { value: e.request.body.password } });
                const agree = closure.getByLabelText('我已了解以上内容，确认注销账号') as HTMLInputElement;
                if (!agree.checked) fireEvent.click(agree);
                fireEvent.click(closure.getByRole('button', { name: '注销账号' }));
              }
              await waitFor(() => expect(fake.pending('submit')?.input).toEqual(e.request));
              break;
            }
            case 'xstate.done.actor.loadAccount':
            case 'xstate.error.actor.loadAccount': {
              await waitFor(() => expect(fake.pending('loadAccount')).not.toBeNull());
              await act(async () =>
                e.type === 'xstate.done.actor.loadAccount'
                  ? fake.answer('loadAccount', e.output)
                  : fake.fail('loadAccount', asError(e.error)),
              );
              break;
            }
            case 'xstate.done.actor.submit':
            case 'xstate.error.actor.submit':
              await act(async () =>
                e.type === 'xstate.done.actor.submit'
                  ? fake.answer('submit', e.output)
                  : fake.fail('submit', asError(e.error)),
              );
              break;
            case 'xstate.done.actor.cancelClosure':
            case 'xstate.error.actor.cancelClosure':
              await waitFor(() => expect(fake.pending('cancelClosure')).not.toBeNull());
              await act(async () =>
                e.type === 'xstate.done.actor.cancelClosure'
                  ? fake.answer('cancelClosure', e.output)
                  : fake.fail('cancelClosure', asError(e.error)),
              );
              break;
          }
        },
        wait: async () => {},
        check: async (state) => {
          await waitFor(() => expectPage(state as { value: unknown; context: AccountContext }));
        },
      });
      const end = path.state.value as string;
      expect(session.forceLogout).toHaveBeenCalledTimes(end === 'closed' ? 1 : 0);
    },
  );
});
