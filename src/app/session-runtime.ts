/**
 * The session's lazily loaded half (see ./session.ts): the machine with XState, and its effects in the browser
 * — the `Authorization` cookie and localStorage `userInfo` / `registeInfo`, the plug-in's window event,
 * navigation to login, the logout call (the API client loads with it) and the toasts. None of this is part of
 * a page's first load.
 */
import { msg } from '@lingui/core/macro';
import Cookies from 'js-cookie';
import type { LogoutResult, SessionInput, StoredSession, StoredUserInfo } from '#machines/session/session.selectors';
import { CODES } from '#shared/contract/codes';
import { localizePath } from '#shared/locale';
import { toast } from '~/components/toast/toast';
import type { ApiFailure } from '~/lib/api/hooks';
import { CHUNK_RELOAD_KEY } from '~/lib/chunk-reload';
import { i18nFor } from '~/lib/i18n';
import { removeLocal, writeLocal } from '~/lib/local-storage';
import { createActor, fromPromise, sessionMachine } from '~/lib/machines';
import { readPortalEnv } from '~/lib/portal-env';
import {
  AUTH_COOKIE,
  AUTH_COOKIE_DAYS,
  LOGOUT_EVENT,
  REGISTE_INFO_KEY,
  SESSION_SYNC_KEY,
  USER_INFO_KEY,
} from '~/lib/storage-keys';
import { pageLocale, sessionRouter } from './session-router';

/** What the session machine's named effects do (machines/session/session.machine.ts). */
export interface SessionEffects {
  /** The machine's input: the page's language and device (docs/product.md#data session store). */
  input(): SessionInput;
  storeUserInfo(userInfo: StoredUserInfo): void;
  storeToken(token: string | null): void;
  clear(): void;
  announceLogout(): void;
  postLogout(): void;
  goToLogin(): void;
  /** POST userlogout: resolves with the answer's code and message; rejects only when no answer came. */
  logout(userName: string): Promise<LogoutResult>;
  notifyLogoutFailed(message: string | null): void;
  logError(error: unknown): void;
  /** The machine's timers (the 0 ms wait after a logout); the browser's own unless a test holds the clock. */
  clock?: { setTimeout: (callback: () => void, ms: number) => unknown; clearTimeout: (id: unknown) => void };
}

/** Starts the session machine with its effects, and has it adopt what the browser holds now. */
export function startSession(effects: SessionEffects, stored: StoredSession | null) {
  const actor = createActor(
    sessionMachine.provide({
      actors: { logoutRequest: fromPromise(({ input }) => effects.logout(input.userName)) },
      actions: {
        storeUserInfo: (_, params) => effects.storeUserInfo(params.userInfo),
        storeToken: (_, params) => effects.storeToken(params.token),
        clearSession: () => effects.clear(),
        announceLogout: () => effects.announceLogout(),
        postLogout: () => effects.postLogout(),
        goToLogin: () => effects.goToLogin(),
        notifyLogoutFailed: (_, params) => effects.notifyLogoutFailed(params.message),
        logLogoutError: (_, params) => effects.logError(params.error),
      },
    }),
    { input: effects.input(), ...(effects.clock ? { clock: effects.clock } : {}) },
  ).start();
  actor.send({ type: 'storage.changed', ...(stored ?? { token: null, userInfo: null }) });
  return actor as never;
}

/** Tells other tabs that the session changed (they hear a `storage` event and re-read the cookie). */
function signalOtherTabs() {
  writeLocal(SESSION_SYNC_KEY, `${Date.now()}.${Math.random().toString(36).slice(2, 8)}`);
}

/** The warning of docs/product.md#errors-and-messages for an HTTP 429, in the page's language. */
/** A 429's toast: the server's own words when SMS to the phone's country is paused (40015), else the generic one. */
export function warnTooManyRequests(failure?: Pick<ApiFailure, 'code' | 'message'>): void {
  if (failure?.code === CODES.smsPaused && failure.message) toast.warning(failure.message);
  else toast.warning(i18nFor(pageLocale())._(msg`访问过于频繁，请稍后再试！`));
}

export const browserSessionEffects: SessionEffects = {
  input: () => {
    const env = readPortalEnv();
    return { language: pageLocale(), deviceInfo: env ? { isMobile: env.isMobile, platform: env.platform } : null };
  },
  storeUserInfo: (userInfo) => writeLocal(USER_INFO_KEY, JSON.stringify(userInfo)),
  storeToken: (token) => {
    if (token) {
      Cookies.set(AUTH_COOKIE, token, {
        expires: AUTH_COOKIE_DAYS,
        path: '/',
        sameSite: 'lax',
        secure: window.location.protocol === 'https:',
      });
    } else {
      Cookies.remove(AUTH_COOKIE, { path: '/' });
    }
    signalOtherTabs();
  },
  clear: () => {
    Cookies.remove(AUTH_COOKIE, { path: '/' });
    removeLocal(USER_INFO_KEY, REGISTE_INFO_KEY);
    signalOtherTabs();
  },
  // Marked as the page's own, so the page's listener does not take it for the plug-in's (no echo).
  announceLogout: () => window.dispatchEvent(new CustomEvent(LOGOUT_EVENT, { detail: { source: 'portal' } })),
  /**
   * The shared post-logout routine (docs/product.md#states leaves it open): forget what this tab kept for the user who left —
   * sessionStorage (except the chunk-reload guard, which is about the site, not the user) and the toasts still
   * showing — so the next person at this browser sees nothing of theirs.
   */
  postLogout: () => {
    try {
      const storage = window.sessionStorage;
      for (const key of Object.keys(storage)) if (key !== CHUNK_RELOAD_KEY) storage.removeItem(key);
    } catch {
      // Blocked storage holds nothing to forget.
    }
    toast.clear();
  },
  goToLogin: () => sessionRouter().navigate(localizePath('/login', pageLocale())),
  logout: async (userName) => {
    // The API client (axios) loads with the first call, not with the session.
    const [{ logout }, { ApiRequestError }] = await Promise.all([
      import('~/lib/api/accounts'),
      import('~/lib/api/client'),
    ]);
    try {
      await logout({ userName });
      return { code: 200, message: null };
    } catch (error) {
      // A business failure is an answer (its code and message); no answer at all is an exception.
      if (error instanceof ApiRequestError && !error.isNetworkError) {
        return { code: error.code === 200 ? error.status : error.code, message: error.message || null };
      }
      throw error;
    }
  },
  notifyLogoutFailed: (message) => toast.error(message ?? i18nFor(pageLocale())._(msg`退出登录失败`)),
  logError: (error) => console.error('[session] logout failed:', error),
};

/** Nothing stored, nothing sent (the server, and tests that do not look at the session). */
export const inertSessionEffects: SessionEffects = {
  input: () => ({}),
  storeUserInfo: () => {},
  storeToken: () => {},
  clear: () => {},
  announceLogout: () => {},
  postLogout: () => {},
  goToLogin: () => {},
  logout: () => Promise.reject(new Error('No logout here')),
  notifyLogoutFailed: () => {},
  logError: () => {},
};
