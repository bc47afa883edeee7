/**
 * The action-confirm machine's transitions, generated from the machine (machines/testing/paths.ts) with a ban (reason
 * required) and an action without a reason (log out every device), replayed on the user's page: the operator presses
 * the page's buttons, types the reason, confirms, cancels with Escape or dismisses; the fake server answers or fails
 * as the path says; after each step the page shows the state (confirmation, pending, done, the server's message).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { actionMachine } from '#machines/console/action.machine';
import type { ActionContext, ActionRequest } from '#machines/console/action.selectors';
import { sampleActionError, sampleActions } from '#machines/console/console.testing';
import { describePath, machinePaths } from '#machines/testing/paths';
import { replayPath } from '#machines/testing/replay';
import { createFakeApi, sampleUserPage } from '../test/fake-api';
import { renderConsole } from '../test/render-app';

const events = [
  { type: 'action.request', request: sampleActions.ban },
  { type: 'action.request', request: sampleActions.revokeAll },
  { type: 'action.reason', reason: '刷单' },
  { type: 'action.reason', reason: '  ' },
  { type: 'action.confirm' },
  { type: 'action.cancel' },
  { type: 'action.dismiss' },
  { type: 'xstate.done.actor.perform', output: sampleUserPage },
  { type: 'xstate.error.actor.perform', error: sampleActionError },
] as const;
const paths = machinePaths(actionMachine, { events });

const BUTTON_OF: Record<string, string> = { ban: '封禁账号', revokeAll: '下线全部设备' };
const CALL_OF: Record<string, RegExp> = { ban: /^\/users\/42\/ban$/, revokeAll: /^\/users\/42\/sessions\/revoke$/ };

function expectPanel(state: { value: unknown; context: ActionContext }) {
  const panel = screen.queryByTestId('action-panel');
  if (state.value === 'idle') {
    expect(panel).toBeNull();
    return;
  }
  expect(panel).not.toBeNull();
  const inPanel = within(panel as HTMLElement);
  expect(panel).toHaveAttribute('data-state', state.value as string);
  const request = state.context.request as ActionRequest;
  expect(screen.getByRole('dialog', { name: BUTTON_OF[request.kind] })).toBe(panel);
  if (state.value === 'confirming') {
    const confirm = inPanel.getByRole('button', { name: '确认' });
    const blank = request.needsReason && state.context.reason.trim() === '';
    expect(confirm).toHaveProperty('disabled', Boolean(blank));
    if (request.needsReason) expect(inPanel.getByLabelText('原因（必填）')).toHaveValue(state.context.reason);
    else expect(inPanel.queryByLabelText('原因（必填）')).toBeNull();
  }
  if (state.value === 'pending') expect(inPanel.getByRole('status')).toHaveTextContent('处理中…');
  if (state.value === 'done') expect(inPanel.getByRole('status')).toHaveTextContent('已完成');
  if (state.value === 'failed')
    expect(inPanel.getByRole('alert')).toHaveTextContent(`操作失败：${sampleActionError.message}`);
}

describe("action paths on the user's page", () => {
  it('cover every state', () => {
    const states = new Set(paths.flatMap((path) => path.steps.map((step) => step.state.value as string)));
    expect([...states].sort()).toEqual(['confirming', 'done', 'failed', 'idle', 'pending']);
  });

  it.each(paths.map((path) => [describePath(path, actionMachine).join(' → '), path] as const))(
    'replays: %s',
    async (_name, path) => {
      const api = createFakeApi();
      api.install();
      api
        .on('get', /^\/session$/, {
          data: { operator: { name: 'alice', role: 'owner' }, csrfToken: 'csrf-1', expiresAt: '' },
        })
        .on('get', /^\/users\/42$/, { data: sampleUserPage })
        .on('post', /^\/users\/42\/ban$/, 'hold')
        .on('post', /^\/users\/42\/sessions\/revoke$/, 'hold');
      await renderConsole('/users/42');
      await screen.findByRole('heading', { name: '用户 小王的店（138****5678）' });
      let current: ActionRequest | null = null;
      let expected: { value: unknown; context: ActionContext } = { value: 'idle', context: {} as ActionContext };

      await replayPath(path, actionMachine, {
        send: async (event) => {
          const e = event as (typeof events)[number];
          const panel = () => within(screen.getByTestId('action-panel'));
          switch (e.type) {
            case 'action.request':
              current = e.request;
              fireEvent.click(screen.getByRole('button', { name: BUTTON_OF[e.request.kind] }));
              break;
            case 'action.reason':
              // Only a ban asks for a reason (the generated event changes nothing else the page shows).
              if (current?.needsReason)
                fireEvent.change(panel().getByLabelText('原因（必填）'), { target: { value: e.reason } });
              break;
            case 'action.confirm':
              fireEvent.click(panel().getByRole('button', { name: expected.value === 'failed' ? '重试' : '确认' }));
              break;
            case 'action.cancel':
              fireEvent.keyDown(screen.getByTestId('action-panel'), { key: 'Escape' });
              break;
            case 'action.dismiss':
              fireEvent.click(panel().getByRole('button', { name: '关闭' }));
              break;
            case 'xstate.done.actor.perform':
            case 'xstate.error.actor.perform': {
              const call = CALL_OF[(current as ActionRequest).kind] as RegExp;
              await waitFor(() => api.held(call));
              const held = api.held(call);
              if (current?.kind === 'ban') expect(held.body).toEqual({ reason: expected.context.reason.trim() });
              else expect(held.body).toEqual({ all: true });
              expect(held.headers['X-CSRF-Token']).toBe('csrf-1');
              if (e.type === 'xstate.done.actor.perform') api.answerOk(call, e.output);
              else api.answerError(call, sampleActionError);
              break;
            }
          }
        },
        wait: async () => {},
        check: async (state) => {
          expected = state as typeof expected;
          const shown = { ...expected, context: { ...expected.context } };
          if (!expected.context.request?.needsReason) shown.context.reason = '';
          await waitFor(() => expectPanel(shown));
        },
      });
    },
  );
});
