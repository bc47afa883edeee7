/**
 * Test harness for the session: a fake API behind the real axios client (its adapter answers the requests the
 * test expects, and records them), and a render of some UI with the browser's session effects, the session
 * listeners and the toaster, under a memory router.
 */
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import Cookies from 'js-cookie';
import type { ReactNode } from 'react';
import { toast } from '~/components/toast/toast';
import { ToastHost } from '~/components/toast/toast-host';
import { http } from '~/lib/api/client';
import { AUTH_COOKIE, USER_INFO_KEY } from '~/lib/storage-keys';
import { type RouterOptions, renderWithRouter } from '~/test/providers';
import { browserEffects } from './actors';
import { browserSessionHost, sessionRuntime } from './session';
import { SessionListeners } from './session-listeners';
import type { SessionEffects } from './session-runtime';

// The toaster (sonner) loads with the first toast; loaded here once, a test's first toast shows at once.
await import('~/components/toast/toaster');

// Session actors start at once in these tests, as they do in the app once the session has been needed.
await sessionRuntime.load();

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> } | Error;

/**
 * Replaces the HTTP transport of the API client. Each request waits for `respond` (or for an answer queued
 * with `answerNext`), so a test can look at the state while a call is under way.
 */
export function fakeApi() {
  const requests: RecordedRequest[] = [];
  const waiting: ((answer: Answer) => void)[] = [];
  const queued: Answer[] = [];
  const original = http.defaults.adapter;

  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const headers: Record<string, string> = {};
    for (const [key, value] of Object.entries(config.headers.toJSON())) headers[key.toLowerCase()] = String(value);
    requests.push({
      method: (config.method ?? 'get').toUpperCase(),
      url: `${config.baseURL ?? ''}${config.url ?? ''}`,
      headers,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    });
    const settle = (answer: Answer): Promise<AxiosResponse> => {
      if (answer instanceof Error) return Promise.reject(answer);
      return Promise.resolve({
        status: answer.status,
        statusText: '',
        data: answer.body,
        headers: answer.headers ?? {},
        config,
      });
    };
    const next = queued.shift();
    if (next) return settle(next);
    return new Promise<Answer>((resolve) => waiting.push(resolve)).then(settle);
  };
  http.defaults.adapter = adapter;

  return {
    requests,
    /** Answers the oldest request still waiting. */
    respond(answer: Answer) {
      const resolve = waiting.shift();
      if (!resolve) throw new Error('No request is waiting for an answer');
      resolve(answer);
    },
    /** Answers the next request as soon as it is made. */
    answerNext(answer: Answer) {
      queued.push(answer);
    },
    get waitingCount() {
      return waiting.length;
    },
    restore() {
      http.defaults.adapter = original;
    },
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;

/** Stores a session the way a login does (cookie and localStorage). */
export function storeSession(userInfo: Record<string, unknown>, token = 'token-123') {
  Cookies.set(AUTH_COOKIE, token, { path: '/' });
  window.localStorage.setItem(USER_INFO_KEY, JSON.stringify(userInfo));
}

export function resetSessionStorage() {
  Cookies.remove(AUTH_COOKIE, { path: '/' });
  window.localStorage.clear();
  window.sessionStorage.clear();
  toast.clear();
}

/** A clock the test moves by hand, for the session machine's timers. */
export function manualClock() {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    setTimeout: (callback: () => void, ms: number) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout: (id: unknown) => void timers.delete(id as number),
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now) continue;
        timers.delete(id);
        timer.callback();
      }
    },
    get pending() {
      return timers.size;
    },
  };
}

export interface SessionRenderOptions extends Omit<RouterOptions, 'routes' | 'effects'> {
  /** Changes to the browser's session effects (for example a `clock`). */
  session?: Partial<SessionEffects>;
}

/** Renders `ui` with the real session (browser effects), its listeners and the toaster. */
export function renderWithSession(ui: ReactNode, { session, ...options }: SessionRenderOptions = {}) {
  return renderWithRouter(
    <>
      <SessionListeners />
      {ui}
      <ToastHost />
    </>,
    {
      ...options,
      effects: {
        ...browserEffects,
        session: { ...browserSessionHost, effects: (runtime) => ({ ...runtime.browserSessionEffects, ...session }) },
      },
    },
  );
}
