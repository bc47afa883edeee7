/**
 * Every transition of the session machine, generated from the machine itself, replayed against the rendered
 * user centre with the real session (browser effects, listeners, API client over a fake transport). Each event
 * is produced the way the app produces it — `signIn()`, a click on logout, the plug-in's window event, a 401
 * from a call, another tab's storage event, the server's answer — and after each step the header must show
 * what the machine's state says, and the browser must hold the token the machine holds.
 */
import { act, screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import type { EventObject } from 'xstate';
import {
  type SessionContext,
  type StoredUserInfo,
  sessionMachine,
  userNameOf,
} from '#machines/session/session.machine';
import { sessionPathEvents } from '#machines/session/session.testing';
import { describePath, machinePaths } from '#machines/testing/paths';
import { replayPath } from '#machines/testing/replay';
import { signIn } from '~/app/session';
import { type FakeApi, fakeApi, manualClock, renderWithSession, resetSessionStorage } from '~/app/session.test-utils';
import { userBaseInfo } from '~/lib/api/accounts';
import { AUTH_COOKIE, LOGOUT_EVENT, SESSION_SYNC_KEY, USER_INFO_KEY } from '~/lib/storage-keys';
import { UserCentre } from './user-centre';

const paths = machinePaths(sessionMachine, { events: sessionPathEvents });

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});
afterEach(() => {
  api.restore();
  resetSessionStorage();
});

describe('user centre paths', () => {
  it('covers every transition of the session machine', () => {
    expect(paths.length).toBeGreaterThan(40);
  });

  it.each(paths.map((path) => [describePath(path, sessionMachine).join(' → '), path] as const))(
    '%s',
    async (_name, path) => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      // The session's timers run on a clock the path moves (a success waits 0 ms before it ends the session).
      const clock = manualClock();
      const { user, actors } = await renderWithSession(<UserCentre />, {
        path: '/business-college',
        session: { clock },
      });

      const clickLogout = async (name: string) => {
        if (!screen.queryByRole('button', { name: '退出登录' })?.checkVisibility?.()) {
          const panelOpen = screen.getByRole('button', { name }).getAttribute('aria-expanded') === 'true';
          if (!panelOpen) await user.click(screen.getByRole('button', { name }));
        }
        await user.click(screen.getByRole('button', { name: '退出登录' }));
      };

      await replayPath(path, sessionMachine, {
        send: async (event: EventObject) => {
          const shown = actors.session.getSnapshot().context;
          switch (event.type) {
            case 'session.login':
              await act(() => signIn((event as unknown as { userInfo: StoredUserInfo }).userInfo));
              break;
            case 'session.token':
              // No UI sets a token alone; the event goes to the session as src/app would send it.
              act(() => actors.session.send(event as never));
              break;
            case 'user.logout':
              await clickLogout(userNameOf(shown.userInfo) || '已登录用户');
              break;
            case 'plugin.logout':
              act(() => {
                window.dispatchEvent(new Event(LOGOUT_EVENT));
              });
              break;
            case 'session.unauthorized':
              api.answerNext({ status: 401, body: { code: 401, message: '请先登录' } });
              await act(async () => {
                await userBaseInfo().catch(() => {});
              });
              break;
            case 'storage.changed': {
              const { token, userInfo } = event as unknown as { token: string | null; userInfo: StoredUserInfo | null };
              if (token) Cookies.set(AUTH_COOKIE, token, { path: '/' });
              else Cookies.remove(AUTH_COOKIE, { path: '/' });
              if (userInfo) window.localStorage.setItem(USER_INFO_KEY, JSON.stringify(userInfo));
              else window.localStorage.removeItem(USER_INFO_KEY);
              act(() => {
                window.dispatchEvent(new StorageEvent('storage', { key: SESSION_SYNC_KEY, newValue: 'x' }));
              });
              break;
            }
            case 'xstate.done.actor.logoutRequest': {
              const { code, message } = (event as unknown as { output: { code: number; message: string | null } })
                .output;
              await waitFor(() => expect(api.waitingCount).toBe(1));
              await act(async () =>
                api.respond({ status: code === 200 ? 200 : code, body: { code, message: message ?? '' } }),
              );
              break;
            }
            case 'xstate.error.actor.logoutRequest':
              await waitFor(() => expect(api.waitingCount).toBe(1));
              await act(async () => api.respond(new Error('Network Error')));
              break;
            default:
              throw new Error(`No way to produce ${event.type}`);
          }
        },
        wait: (ms) => {
          act(() => clock.advance(ms));
        },
        check: async (state) => {
          const context = state.context as SessionContext;
          if (state.value === 'loggedOut') {
            expect(await screen.findByRole('link', { name: '登录' })).toBeInTheDocument();
            expect(Cookies.get(AUTH_COOKIE)).toBeUndefined();
          } else {
            const name = userNameOf(context.userInfo) || '已登录用户';
            expect(await screen.findByRole('button', { name })).toBeInTheDocument();
            expect(Cookies.get(AUTH_COOKIE)).toBe(context.token);
          }
          if (state.value === 'loggingOut') {
            await waitFor(() => expect(api.requests.at(-1)?.url).toBe('/api/v2/web/userlogout'));
          }
        },
      });
      errors.mockRestore();
    },
  );
});
