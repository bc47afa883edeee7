/**
 * Types, the initial snapshot and pure selectors of the session machine. Nothing here imports XState, so the
 * header can render the session (from the cookie and localStorage) before the machine's code has loaded (see
 * src/lib/lazy-actor.ts).
 */

/**
 * What localStorage `userInfo` holds (docs/product.md#data): the API's UserInfo (src/lib/api/accounts.ts) after a login
 * here, but possibly an older shape; only `userName` (falling back to `username`) and `Authorization` are read.
 */
export interface StoredUserInfo {
  userName?: string;
  username?: string;
  Authorization?: string;
  [key: string]: unknown;
}

export type SessionLanguage = 'zh' | 'en';

export interface DeviceInfo {
  isMobile: boolean;
  platform: string;
}

/** The session store of docs/product.md#data: language, userInfo, token (the Authorization value) and deviceInfo. */
export interface SessionContext {
  token: string | null;
  userInfo: StoredUserInfo | null;
  language: SessionLanguage;
  deviceInfo: DeviceInfo | null;
  /** Who asked for the logout under way: the user (header) or the plug-in (its `user-login-out` event). */
  logoutSource: 'user' | 'plugin' | null;
}

/** What the browser holds right now (cookie and localStorage), as the storage listeners read it. */
export interface StoredSession {
  token: string | null;
  userInfo: StoredUserInfo | null;
}

/** What the logout call answered: `code` 200 is success; any other code fails with the server's message. */
export interface LogoutResult {
  code: number;
  message: string | null;
}

export type SessionEvent =
  /** Login or registration succeeded: store userInfo, and its `Authorization` as the token. */
  | { type: 'session.login'; userInfo: StoredUserInfo }
  /** A token alone: a non-empty one is stored, an empty one clears the stored token (docs/product.md#states). */
  | { type: 'session.token'; token: string | null }
  /** The header's logout button. */
  | { type: 'user.logout' }
  /** HTTP 401, or a body code 401 / 40002, from any call: the session is over (no logout call). */
  | { type: 'session.unauthorized' }
  /** A `user-login-out` window event the page did not fire itself: the plug-in logged out. */
  | { type: 'plugin.logout' }
  /** The stored session changed outside this page (another tab, or found on start): adopt it. */
  | ({ type: 'storage.changed' } & StoredSession)
  /** The page's language changed. */
  | { type: 'session.language'; language: SessionLanguage };

export type SessionState = 'loggedOut' | 'loggedIn' | 'loggingOut' | 'signingOff';

export interface SessionSnapshot {
  value: SessionState;
  context: SessionContext;
}

/** The token a userInfo carries (empty means none). */
export function tokenOf(userInfo: StoredUserInfo | null | undefined): string | null {
  const token = userInfo?.Authorization;
  return typeof token === 'string' && token ? token : null;
}

/** The name the header shows: `userName`, falling back to `username` (docs/product.md#data). */
export function userNameOf(userInfo: StoredUserInfo | null | undefined): string {
  if (!userInfo) return '';
  if (typeof userInfo.userName === 'string' && userInfo.userName) return userInfo.userName;
  if (typeof userInfo.username === 'string' && userInfo.username) return userInfo.username;
  return '';
}

export interface SessionInput {
  language?: SessionLanguage;
  deviceInfo?: DeviceInfo | null;
}

export function initialSessionContext(input: SessionInput = {}): SessionContext {
  return {
    token: null,
    userInfo: null,
    language: input.language ?? 'zh',
    deviceInfo: input.deviceInfo ?? null,
    logoutSource: null,
  };
}

/**
 * The snapshot the page shows before the machine has loaded: the machine starts logged out and adopts the
 * stored session at once (`storage.changed`), so this is what it will say.
 */
export function sessionSnapshotFrom(stored: StoredSession | null, input: SessionInput = {}): SessionSnapshot {
  const context = initialSessionContext(input);
  if (!stored?.token) return { value: 'loggedOut', context };
  return { value: 'loggedIn', context: { ...context, token: stored.token, userInfo: stored.userInfo } };
}

export const initialSessionSnapshot: SessionSnapshot = /* @__PURE__ */ sessionSnapshotFrom(null);

type AnySessionSnapshot = { value: unknown; context: SessionContext };

/** Logged in while a token is present, including while a logout is under way. */
export const selectLoggedIn = (snapshot: AnySessionSnapshot) => snapshot.value !== 'loggedOut';
export const selectUserName = (snapshot: AnySessionSnapshot) => userNameOf(snapshot.context.userInfo);
export const selectToken = (snapshot: AnySessionSnapshot) => snapshot.context.token;
/** A logout is under way (the logout button shows it and ignores more clicks). */
export const selectLoggingOut = (snapshot: AnySessionSnapshot) =>
  snapshot.value === 'loggingOut' || snapshot.value === 'signingOff';
