/**
 * The session for the rest of the app (docs/product.md#states, #roles): one app-lifetime session actor (the
 * machine in machines/session) and the calls other code uses:
 *
 * - `signIn(userInfo)` after a successful login or registration: stores `userInfo` (localStorage) and its
 *   `Authorization` as the token cookie (7 days, path /); resolves once stored.
 * - `signOut()`: the header's logout (POST userlogout, then the event, the post-logout routine, clear, login).
 * - `forceLogout()`: what an HTTP 401 / body code 401 or 40002 does (the API client's hook calls it).
 * - `useSession()` (./use-session.ts): `{loggedIn, userName, loggingOut}` for React.
 *
 * This module is part of every page's first load, so it is small: until the session is needed, the actor
 * shows what the cookie and localStorage hold; the machine, XState and the effects (./session-runtime) load on
 * the first event (a login, a logout, another tab's change) or together with the other machines.
 */
import Cookies from 'js-cookie';
import {
  type SessionEvent,
  type SessionSnapshot,
  type StoredSession,
  type StoredUserInfo,
  sessionSnapshotFrom,
} from '#machines/session/session.selectors';
import type { UserInfo } from '~/lib/api/accounts';
import { LazyActor, ModuleLoader } from '~/lib/lazy-actor';
import { readLocal } from '~/lib/local-storage';
import { AUTH_COOKIE, USER_INFO_KEY } from '~/lib/storage-keys';
import type { SessionEffects } from './session-runtime';

export type SessionRuntime = typeof import('./session-runtime');

/** XState, the session machine and its browser effects: loaded once, when the session is first needed. */
export const sessionRuntime = new ModuleLoader<SessionRuntime>(() => import('./session-runtime'));

/** Where the session runs: what it reads on the first load, and which effects its machine gets. */
export interface SessionHost {
  /** What the browser holds now (null on the server). */
  read(): StoredSession | null;
  /** The machine's effects (and its input: the page's language and device), once the runtime has loaded. */
  effects(runtime: SessionRuntime): SessionEffects;
}

function parseUserInfo(raw: string | null): StoredUserInfo | null {
  try {
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as StoredUserInfo) : null;
  } catch {
    // A malformed userInfo shows no name rather than breaking the header.
    return null;
  }
}

/** The session as stored: the cookie decides whether one exists (docs/product.md#roles), userInfo gives the name. */
export function readStoredSession(): StoredSession {
  const token = Cookies.get(AUTH_COOKIE) || null;
  return { token, userInfo: token ? parseUserInfo(readLocal(USER_INFO_KEY)) : null };
}

export const browserSessionHost: SessionHost = {
  read: readStoredSession,
  effects: (runtime) => runtime.browserSessionEffects,
};

/** The server's (and plain component tests'): nothing read, nothing stored, nothing sent. */
export const inertSessionHost: SessionHost = {
  read: () => null,
  effects: (runtime) => runtime.inertSessionEffects,
};

export type SessionActor = LazyActor<SessionSnapshot, SessionEvent, SessionRuntime> & { readonly host: SessionHost };

/** The session actor of the page (the latest made in a browser; SessionListeners binds the app's). */
let appSession: SessionActor | null = null;

export function createSessionActor(host: SessionHost): SessionActor {
  const actor = Object.assign(
    new LazyActor<SessionSnapshot, SessionEvent, SessionRuntime>(
      sessionSnapshotFrom(host.read()),
      sessionRuntime,
      (runtime) => runtime.startSession(host.effects(runtime), host.read()),
    ),
    { host },
  );
  if (typeof window !== 'undefined') appSession = actor;
  return actor;
}

/** Makes `actor` the page's session (the one `signIn`, `signOut` and `forceLogout` talk to). */
export function bindAppSession(actor: SessionActor): void {
  appSession = actor;
}

function requireSession(): SessionActor {
  if (!appSession) throw new Error('There is no session here (server rendering?)');
  return appSession;
}

/**
 * Stores a successful login or registration: userInfo in localStorage, its `Authorization` in the cookie.
 * Resolves once stored, so the caller may leave the page right after (for example for the workbench).
 */
export async function signIn(userInfo: UserInfo | StoredUserInfo): Promise<void> {
  const session = requireSession();
  await session.load();
  session.send({ type: 'session.login', userInfo: userInfo as StoredUserInfo });
}

/** The header's logout (docs/product.md#states): the server is told, then the session ends here and in every tab. */
export function signOut(): void {
  requireSession().send({ type: 'user.logout' });
}

/** HTTP 401, or a body code 401 / 40002: clear the session and go to login, without calling the server. */
export function forceLogout(): void {
  appSession?.send({ type: 'session.unauthorized' });
}
