/**
 * Every transition of the console's sign-in machine, generated from the machine (machines/testing/paths.ts) and
 * replayed through the whole console on an API faked at the axios level: the operator types and presses, the fake
 * server answers as the path says, and after each step the app must be in the path's state and show what that
 * state stands for (the form and its one message, the wait, the expiry notice, or the page the operator was on).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signInPathEvents } from '#machines/console/console.testing';
import { signInMachine } from '#machines/console/sign-in.machine';
import type { SignInForm } from '#machines/console/sign-in.selectors';
import { type SignInContext, selectSignInView } from '#machines/console/sign-in.selectors';
import { describePath, machinePaths } from '#machines/testing/paths';
import { replayPath } from '#machines/testing/replay';
import { consoleApi } from '../lib/api';
import { createFakeApi, sampleUserPage } from '../test/fake-api';
import { renderConsole } from '../test/render-app';

const START = '/users/42?tab=sessions';
const paths = machinePaths(signInMachine, { events: signInPathEvents });

const CALLS: Record<string, RegExp> = {
  loadSession: /^\/session$/,
  login: /^\/login$/,
  logout: /^\/logout$/,
};

function fill(form: SignInForm) {
  fireEvent.change(screen.getByLabelText('用户名'), { target: { value: form.name } });
  fireEvent.change(screen.getByLabelText('密码'), { target: { value: form.password } });
  fireEvent.change(screen.getByLabelText('动态验证码（6 位）'), { target: { value: form.totp } });
}

function expectView(state: { value: unknown; context: unknown }) {
  const view = selectSignInView(state as { value: unknown; context: SignInContext });
  if (view.state === 'checking') {
    expect(screen.getByRole('status')).toHaveTextContent('加载中…');
    return;
  }
  const userHeading = { name: '用户 小王的店（138****5678）', hidden: true };
  if (view.signedIn || view.state === 'signingOut') {
    expect(screen.getByRole('button', { name: '退出登录' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: '运营后台登录' })).toBeNull();
    if (view.signedIn) expect(screen.getByRole('heading', userHeading)).toBeVisible();
    return;
  }
  // Signed out: the page the session expired on waits, hidden, behind the form; after a sign-out nothing stays.
  if ((state.context as SignInContext).expired) expect(screen.getByRole('heading', userHeading)).not.toBeVisible();
  else expect(screen.queryByRole('heading', userHeading)).toBeNull();
  expect(screen.getByRole('heading', { name: '运营后台登录' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: '退出登录' })).toBeNull();
  const submit = screen.getByRole('button', { name: view.state === 'submitting' ? '登录中…' : '登录' });
  expect(submit).toHaveProperty('disabled', view.state === 'submitting' || view.state === 'rateLimited');
  const alert = screen.queryByRole('alert');
  const expected = {
    none: null,
    wrong: '用户名、密码或验证码错误',
    wait: `尝试次数过多，请 ${view.notice.kind === 'wait' ? view.notice.seconds : 0} 秒后再试`,
    failed: '服务繁忙',
    expired: '登录已过期，请重新登录',
  }[view.notice.kind];
  if (expected === null) expect(alert).toBeNull();
  else expect(alert).toHaveTextContent(expected);
}

describe('console sign-in paths through the app', () => {
  it('cover every state of the machine', () => {
    const states = new Set(
      paths.flatMap((path) => path.steps.map((step) => selectSignInView(step.state as never).state)),
    );
    expect([...states].sort()).toEqual(
      ['checking', 'editing', 'failed', 'rateLimited', 'signedIn', 'signingOut', 'submitting', 'wrongAnswer'].sort(),
    );
  });

  it.each(paths.map((path) => [describePath(path, signInMachine).join(' → '), path] as const))(
    'replays: %s',
    async (_name, path) => {
      const api = createFakeApi();
      api.install();
      api
        .on('get', CALLS.loadSession as RegExp, 'hold')
        .on('post', CALLS.login as RegExp, 'hold')
        .on('post', CALLS.logout as RegExp, 'hold')
        .on('get', /^\/users\/42$/, { data: sampleUserPage })
        .on('get', /^\/audit$/, { status: 401, code: 40101, message: '请先登录' });
      const { actor, router } = await renderConsole(START, { retryWaitMs: 400 });

      await replayPath(path, signInMachine, {
        send: async (event) => {
          const call = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
          if (call) {
            const pathOf = CALLS[call[2] as string] as RegExp;
            await waitFor(() => api.held(pathOf));
            if (call[1] === 'done') api.answerOk(pathOf, (event as { output?: unknown }).output ?? null);
            else api.answerError(pathOf, (event as unknown as { error: never }).error);
            return;
          }
          if (event.type === 'form.submit') {
            fill((event as unknown as { form: SignInForm }).form);
            fireEvent.click(screen.getByRole('button', { name: '登录' }));
          } else if (event.type === 'form.edit') {
            fireEvent.change(screen.getByLabelText('动态验证码（6 位）'), { target: { value: '1' } });
          } else if (event.type === 'session.expired') {
            // Any call answering 401 / 40101 ends the session.
            await consoleApi.audit({}).catch(() => {});
          } else if (event.type === 'user.signOut') {
            fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
          }
        },
        wait: () => new Promise((resolve) => setTimeout(resolve, 500)),
        check: async (state) => {
          await waitFor(() => expect(actor.getSnapshot().value).toEqual(state.value));
          // returnTo: the generated paths start without the page the app was opened on (checked at the end).
          const { returnTo: _actual, ...context } = actor.getSnapshot().context;
          const { returnTo: _generated, ...expected } = state.context as SignInContext;
          expect(context).toEqual(expected);
          await waitFor(() => expectView(state));
        },
      });

      // Signed in: the page the console was opened on (or was on when the session expired) is shown.
      const end = selectSignInView(path.state as never).state;
      if (end === 'signedIn') {
        expect(router.state.location.href).toBe(START);
        expect(await screen.findByRole('heading', { name: '用户 小王的店（138****5678）' })).toBeVisible();
      }
      // A sign-out sends the session's CSRF token.
      for (const call of api.calls.filter((c) => c.path === '/logout'))
        expect(call.headers['X-CSRF-Token']).toBe('csrf-sample');
      actor.stop();
    },
  );
});
