/**
 * What the header's user-centre widget knows about the visitor (spec §3 "Browser storage", §6): a present
 * `Authorization` cookie means logged in; the name comes from localStorage `userInfo` (`userName`, falling back
 * to `username`). Only the browser can read these, so the widget renders after mount.
 */
import Cookies from 'js-cookie';
import { readLocal, removeLocal } from '~/lib/local-storage';
import { AUTH_COOKIE, REGISTE_INFO_KEY, USER_INFO_KEY } from '~/lib/storage-keys';

/** The window event the browser plug-in listens for (and fires) when the user logs out (spec §4). */
export const LOGOUT_EVENT = 'user-login-out';

export interface StoredSession {
  token: string;
  userName: string;
}

function userNameFrom(rawUserInfo: string | null): string {
  if (!rawUserInfo) return '';
  try {
    const info: unknown = JSON.parse(rawUserInfo);
    if (info && typeof info === 'object') {
      const { userName, username } = info as { userName?: unknown; username?: unknown };
      if (typeof userName === 'string' && userName) return userName;
      if (typeof username === 'string' && username) return username;
    }
  } catch {
    // A malformed userInfo shows no name rather than breaking the header.
  }
  return '';
}

/** The stored session, or null when logged out (no token). */
export function readStoredSession(): StoredSession | null {
  const token = Cookies.get(AUTH_COOKIE);
  if (!token) return null;
  return { token, userName: userNameFrom(readLocal(USER_INFO_KEY)) };
}

/**
 * A stable text form of the stored session, for `useSyncExternalStore` (which compares snapshots with
 * `Object.is`, so an object would re-render forever).
 */
export function storedSessionKey(): string {
  return JSON.stringify(readStoredSession());
}

/** Calls back when the stored session may have changed: another tab, a logout here or from the plug-in. */
export function subscribeToStoredSession(onChange: () => void): () => void {
  const events = ['storage', LOGOUT_EVENT, 'focus'] as const;
  for (const type of events) window.addEventListener(type, onChange);
  return () => {
    for (const type of events) window.removeEventListener(type, onChange);
  };
}

/**
 * Logs out in this browser only: clears the token cookie, userInfo and registeInfo, tells the plug-in through
 * the `user-login-out` window event, then goes to the login page.
 *
 * Temporary: the accounts issue replaces this with the session machine, which also calls the logout API
 * (spec §7) and handles its errors; the header will then send `session.logout` instead.
 */
export function logoutLocally(goToLogin: () => void): void {
  Cookies.remove(AUTH_COOKIE, { path: '/' });
  removeLocal(USER_INFO_KEY, REGISTE_INFO_KEY);
  window.dispatchEvent(new Event(LOGOUT_EVENT));
  goToLogin();
}
