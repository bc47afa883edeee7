import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject, fromPromise } from 'xstate';
import { describePath, machinePaths } from '../testing/paths';
import { replayPath } from '../testing/replay';
import {
  initialSessionSnapshot,
  type LogoutResult,
  type SessionContext,
  type SessionEvent,
  type StoredUserInfo,
  selectLoggedIn,
  selectLoggingOut,
  selectUserName,
  sessionMachine,
  sessionSnapshotFrom,
} from './session.machine';
import { sessionPathEvents } from './session.testing';

interface Deferred {
  resolve: (result: LogoutResult) => void;
  reject: (error: unknown) => void;
}

/** A session actor whose effects are recorded in order, and whose logout call the test answers. */
function startSession() {
  const log: string[] = [];
  const requests: { userName: string }[] = [];
  let pending: Deferred | undefined;
  const machine = sessionMachine.provide({
    actors: {
      logoutRequest: fromPromise<LogoutResult, { userName: string }>(({ input }) => {
        requests.push(input);
        return new Promise<LogoutResult>((resolve, reject) => {
          pending = { resolve, reject };
        });
      }),
    },
    actions: {
      storeUserInfo: (_, { userInfo }) => log.push(`storeUserInfo ${userInfo.userName ?? userInfo.username ?? ''}`),
      storeToken: (_, { token }) => log.push(`storeToken ${token ?? 'null'}`),
      clearSession: () => log.push('clearSession'),
      announceLogout: () => log.push('announceLogout'),
      postLogout: () => log.push('postLogout'),
      goToLogin: () => log.push('goToLogin'),
      notifyLogoutFailed: (_, { message }) => log.push(`notifyLogoutFailed ${message ?? 'null'}`),
      logLogoutError: () => log.push('logLogoutError'),
    },
  });
  const actor = createActor(machine, { input: { language: 'en' } }).start();
  const answer = async (result: LogoutResult | Error) => {
    if (!pending) throw new Error('no logout call is pending');
    if (result instanceof Error) pending.reject(result);
    else pending.resolve(result);
    pending = undefined;
    await flush();
  };
  return { actor, machine, log, requests, answer, hasPending: () => pending !== undefined };
}

/** Lets promise callbacks run (the fake timers leave microtasks alone). */
async function flush() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

const user: StoredUserInfo = { userId: 1, userName: '小王的店', Authorization: 'tok-1' };

describe('session machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts logged out, with the language of its input', () => {
    const { actor } = startSession();
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.language).toBe('en');
  });

  it('logs in: stores userInfo and its Authorization as the token', () => {
    const { actor, log } = startSession();
    actor.send({ type: 'session.login', userInfo: user });
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(actor.getSnapshot().context.token).toBe('tok-1');
    expect(selectUserName(actor.getSnapshot())).toBe('小王的店');
    expect(log).toEqual(['storeUserInfo 小王的店', 'storeToken tok-1']);
  });

  it('an empty Authorization clears the stored token and stays (or becomes) logged out', () => {
    const { actor, log } = startSession();
    actor.send({ type: 'session.login', userInfo: { userName: 'x', Authorization: '' } });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(log).toEqual(['storeUserInfo x', 'storeToken null']);
    actor.send({ type: 'session.login', userInfo: user });
    actor.send({ type: 'session.login', userInfo: { userName: 'y' } });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.token).toBeNull();
    expect(log.at(-1)).toBe('storeToken null');
  });

  it('a token alone stores it (logged in) or, empty, clears it (logged out)', () => {
    const { actor, log } = startSession();
    actor.send({ type: 'session.token', token: 'tok-2' });
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(selectUserName(actor.getSnapshot())).toBe('');
    actor.send({ type: 'session.token', token: null });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(log).toEqual(['storeToken tok-2', 'storeToken null']);
  });

  it('logs out on code 200: posts the user name, then after 0 ms fires the event, runs the routine, clears, goes to login', async () => {
    const { actor, log, requests, answer } = startSession();
    actor.send({ type: 'session.login', userInfo: user });
    log.length = 0;
    actor.send({ type: 'user.logout' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
    expect(selectLoggingOut(actor.getSnapshot())).toBe(true);
    expect(selectLoggedIn(actor.getSnapshot())).toBe(true);
    expect(requests).toEqual([{ userName: '小王的店' }]);

    await answer({ code: 200, message: '退出成功' });
    // Waits 0 ms first (docs/product.md#states): nothing has happened yet.
    expect(actor.getSnapshot().value).toBe('signingOff');
    expect(log).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(log).toEqual(['announceLogout', 'postLogout', 'clearSession', 'goToLogin']);
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context).toMatchObject({ token: null, userInfo: null, logoutSource: null });
  });

  it('posts the `username` fallback when userInfo has no userName', () => {
    const { actor, requests } = startSession();
    actor.send({ type: 'storage.changed', token: 't', userInfo: { username: 'seller_01' } });
    actor.send({ type: 'user.logout' });
    expect(requests).toEqual([{ userName: 'seller_01' }]);
  });

  it('stays logged in and shows the server message when the code is not 200', async () => {
    const { actor, log, answer } = startSession();
    actor.send({ type: 'session.login', userInfo: user });
    log.length = 0;
    actor.send({ type: 'user.logout' });
    await answer({ code: 50000, message: '服务繁忙' });
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(log).toEqual(['notifyLogoutFailed 服务繁忙']);
    vi.advanceTimersByTime(1000);
    expect(log).toEqual(['notifyLogoutFailed 服务繁忙']);
  });

  it('asks for the default text when the failure carries no message', async () => {
    const { actor, log, answer } = startSession();
    actor.send({ type: 'session.login', userInfo: user });
    log.length = 0;
    actor.send({ type: 'user.logout' });
    await answer({ code: 500, message: '' });
    expect(log).toEqual(['notifyLogoutFailed null']);
  });

  it('only logs an exception (no toast) and stays logged in', async () => {
    const { actor, log, answer } = startSession();
    actor.send({ type: 'session.login', userInfo: user });
    log.length = 0;
    actor.send({ type: 'user.logout' });
    await answer(new Error('Network Error'));
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(log).toEqual(['logLogoutError']);
    // And the user may try again.
    actor.send({ type: 'user.logout' });
    expect(actor.getSnapshot().value).toBe('loggingOut');
  });

  it('ignores more logout clicks while one is under way', () => {
    const { actor, requests } = startSession();
    actor.send({ type: 'session.login', userInfo: user });
    actor.send({ type: 'user.logout' });
    actor.send({ type: 'user.logout' });
    actor.send({ type: 'plugin.logout' });
    expect(requests).toHaveLength(1);
  });

  it('logs out for the plug-in without firing its event back (no echo)', async () => {
    const { actor, log, requests, answer } = startSession();
    actor.send({ type: 'session.login', userInfo: user });
    log.length = 0;
    actor.send({ type: 'plugin.logout' });
    expect(requests).toEqual([{ userName: '小王的店' }]);
    await answer({ code: 200, message: 'ok' });
    vi.advanceTimersByTime(0);
    expect(log).toEqual(['postLogout', 'clearSession', 'goToLogin']);
    expect(actor.getSnapshot().value).toBe('loggedOut');
    // The next logout by the user announces again.
    actor.send({ type: 'session.login', userInfo: user });
    actor.send({ type: 'user.logout' });
    await answer({ code: 200, message: 'ok' });
    vi.advanceTimersByTime(0);
    expect(log).toContain('announceLogout');
  });

  it('ignores the plug-in event when logged out', () => {
    const { actor, requests, log } = startSession();
    actor.send({ type: 'plugin.logout' });
    expect(requests).toEqual([]);
    expect(log).toEqual([]);
  });

  it.each([
    [
      'logged in',
      (actor: ReturnType<typeof startSession>['actor']) => actor.send({ type: 'session.login', userInfo: user }),
    ],
    [
      'logging out',
      (actor: ReturnType<typeof startSession>['actor']) => {
        actor.send({ type: 'session.login', userInfo: user });
        actor.send({ type: 'user.logout' });
      },
    ],
    ['logged out', () => {}],
  ])('a 401 / 40002 while %s clears the session and goes to login, without a logout call', async (_, arrange) => {
    const { actor, log, requests, answer, hasPending } = startSession();
    arrange(actor);
    const calls = requests.length;
    log.length = 0;
    actor.send({ type: 'session.unauthorized' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(log).toEqual(['clearSession', 'goToLogin']);
    expect(requests).toHaveLength(calls);
    // A logout call that answers afterwards changes nothing.
    if (hasPending()) await answer({ code: 200, message: 'late' });
    vi.advanceTimersByTime(10);
    expect(log).toEqual(['clearSession', 'goToLogin']);
    expect(actor.getSnapshot().value).toBe('loggedOut');
  });

  it('follows another tab: its login logs in here, its logout logs out here (without touching storage)', () => {
    const { actor, log } = startSession();
    actor.send({ type: 'storage.changed', token: 'tok-9', userInfo: { username: 'other' } });
    expect(actor.getSnapshot().value).toBe('loggedIn');
    expect(selectUserName(actor.getSnapshot())).toBe('other');
    actor.send({ type: 'storage.changed', token: 'tok-10', userInfo: { userName: 'switched' } });
    expect(selectUserName(actor.getSnapshot())).toBe('switched');
    actor.send({ type: 'storage.changed', token: null, userInfo: null });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(log).toEqual([]);
  });

  it('a logout finished by another tab ends the one under way here', async () => {
    const { actor, log, answer } = startSession();
    actor.send({ type: 'session.login', userInfo: user });
    log.length = 0;
    actor.send({ type: 'user.logout' });
    actor.send({ type: 'storage.changed', token: null, userInfo: null });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    await answer({ code: 200, message: 'ok' });
    vi.advanceTimersByTime(0);
    expect(log).toEqual([]);
  });

  it('keeps the language the page tells it', () => {
    const { actor } = startSession();
    actor.send({ type: 'session.language', language: 'zh' });
    expect(actor.getSnapshot().context.language).toBe('zh');
  });
});

describe('session snapshot without XState', () => {
  it('the initial snapshot matches the machine’s', () => {
    const real = createActor(sessionMachine, { input: {} }).start().getSnapshot();
    expect(initialSessionSnapshot.value).toBe(real.value);
    expect(initialSessionSnapshot.context).toEqual(real.context);
  });

  it('a stored session gives the snapshot the machine reaches when it adopts it', () => {
    const stored = { token: 'tok', userInfo: { username: 'seller' } };
    const actor = createActor(sessionMachine, { input: { language: 'en' } }).start();
    actor.send({ type: 'storage.changed', ...stored });
    const expected = sessionSnapshotFrom(stored, { language: 'en' });
    expect(actor.getSnapshot().value).toBe(expected.value);
    expect(actor.getSnapshot().context).toEqual(expected.context);
    expect(sessionSnapshotFrom({ token: null, userInfo: { userName: 'x' } }).value).toBe('loggedOut');
  });
});

describe('session paths', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const paths = machinePaths(sessionMachine, { events: sessionPathEvents });

  it('reaches every state, and ends every logout in the ways the spec names', () => {
    const reached = new Set(paths.map((path) => path.state.value));
    expect([...reached].sort()).toEqual(['loggedIn', 'loggedOut', 'loggingOut', 'signingOff']);
    expect(paths.length).toBeGreaterThan(40);
  });

  it.each(paths.map((path) => [describePath(path, sessionMachine).join(' → '), path] as const))(
    'replays against the real actor: %s',
    async (_name, path) => {
      const session = startSession();
      await replayPath(path, sessionMachine, {
        send: async (event: EventObject) => {
          if (event.type === 'xstate.done.actor.logoutRequest') {
            await session.answer((event as unknown as { output: LogoutResult }).output);
          } else if (event.type === 'xstate.error.actor.logoutRequest') {
            await session.answer(new Error('Network Error'));
          } else {
            session.actor.send(event as SessionEvent);
          }
        },
        wait: (ms) => {
          vi.advanceTimersByTime(ms);
        },
        check: (state) => {
          const snapshot = session.actor.getSnapshot();
          expect(snapshot.value).toEqual(state.value);
          const context = state.context as SessionContext;
          expect(snapshot.context.token).toBe(context.token);
          expect(snapshot.context.logoutSource).toBe(context.logoutSource);
          expect(selectUserName(snapshot)).toBe(selectUserName({ value: state.value, context }));
        },
      });
      // A logout that went through ended with the effects in the order of docs/product.md#states (the plug-in's without the event).
      const last = path.steps.at(-1);
      if (last?.event.type.startsWith('xstate.after')) {
        const before = path.steps.at(-2)?.state.context as SessionContext | undefined;
        const byPlugin = before?.logoutSource === 'plugin';
        expect(session.log.slice(-3)).toEqual(['postLogout', 'clearSession', 'goToLogin']);
        expect(session.log.at(-4) === 'announceLogout').toBe(!byPlugin);
      }
    },
  );
});
